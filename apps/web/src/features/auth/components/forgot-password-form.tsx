import { zodResolver } from '@hookform/resolvers/zod';
import { signUpRequestSchema } from '@holgura/contracts';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountInput } from '../../../components/forms/account-fields';
import { Button } from '../../../components/ui/button';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';

const t = esAuth.forgot;

const forgotSchema = signUpRequestSchema.pick({ email: true });

type ForgotPasswordFormProps = {
  defaultEmail?: string;
  /** Back to the sign-in form (the dialog); absent on the reset page. */
  onBack?: () => void;
};

/**
 * «¿Olvidaste tu contraseña?»: the account's email, then the same sentence whatever the address
 * (the server answers alike for every address, so the page cannot tell who has an account).
 */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: ForgotPasswordFormProps) {
  const { requestPasswordReset } = useAuth();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: defaultEmail },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (await requestPasswordReset(email)) setSent(true);
  });

  const back = onBack !== undefined && (
    <Button variant="outline" onClick={onBack} className="w-full">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t.back}
    </Button>
  );

  if (sent) {
    return (
      <div className="space-y-4">
        <div role="status" className="flex gap-3 rounded-lg bg-sky-50 p-3 text-sm text-slate-800">
          <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" />
          <p>{t.sent}</p>
        </div>
        {back}
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      // Spanish messages from the form's checks, never the browser's bubbles (its own language).
      noValidate
      className="space-y-4"
      aria-labelledby="recuperar-titulo"
    >
      <div className="text-sm text-slate-700">
        <p id="recuperar-titulo" className="font-semibold text-slate-900">
          {t.title}
        </p>
        <p>{t.intro}</p>
      </div>
      <AccountInput
        form={form}
        name="email"
        // The email is all this step asks for: it has the focus when the step appears.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t.submitting : t.submit}
      </Button>
      {back}
    </form>
  );
}
