import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';

const t = esAuth;
const SIX_DIGITS = /^\d{6}$/;

type TotpFormProps = { onVerified: () => void; onBack: () => void };

/** The second step for an account with a verified TOTP factor: a 6-digit code. */
export function TotpForm({ onVerified, onBack }: TotpFormProps) {
  const { verifyTotp } = useAuth();
  const form = useForm({ defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (await verifyTotp(code.trim())) onVerified();
  });

  return (
    <form
      onSubmit={onSubmit}
      // Spanish messages from the form's checks, never the browser's bubbles (its own language).
      noValidate
      className="space-y-4"
      aria-labelledby="totp-titulo"
    >
      <div className="flex gap-3 rounded-lg bg-sky-50 p-3 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" />
        <div>
          <p id="totp-titulo" className="font-semibold text-slate-900">
            {t.totpTitle}
          </p>
          <p>{t.totpIntro}</p>
        </div>
      </div>
      <FormField
        label={t.totpCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        // The step appears after the user submitted their password: the code is next.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        className="text-center font-mono text-lg tracking-[0.5em]"
        error={errors.code?.message}
        {...form.register('code', {
          validate: (value) => SIX_DIGITS.test(value.trim()) || t.totpInvalidFormat,
        })}
      />
      <div className="flex gap-3">
        <Button variant="outline" onClick={onBack} className="flex-1">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t.totpBack}
        </Button>
        <Button type="submit" className="flex-1" disabled={isSubmitting}>
          {isSubmitting ? t.totpSubmitting : t.totpSubmit}
        </Button>
      </div>
    </form>
  );
}
