import { zodResolver } from '@hookform/resolvers/zod';
import { signUpRequestSchema } from '@holgura/contracts';
import { Home, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';
import { ForgotPasswordForm } from './forgot-password-form';
import { TotpForm } from './totp-form';

const t = esAuth.reset;

/** The sign-up password's rules (and Spanish messages), typed twice. */
const resetSchema = z
  .object({
    newPassword: signUpRequestSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: t.mismatch,
    path: ['confirmPassword'],
  });

type Step = 'form' | 'invalid' | 'askAgain' | 'twoFactor';

type ResetPasswordPageProps = {
  /** `?token=` from the link's check; null when it sent `?error=` instead. */
  token: string | null;
  /** `?error=` (INVALID_TOKEN: used, expired or made up). */
  error: string | null;
};

/**
 * Where the mailed link lands (/restablecer-contrasena): a new password, typed twice, that
 * signs the user in — or, for a link that no longer works, why in Spanish and a way to ask for
 * another.
 */
export function ResetPasswordPage({ token, error }: ResetPasswordPageProps) {
  const [step, setStep] = useState<Step>(token !== null && error === null ? 'form' : 'invalid');
  const navigate = useNavigate();

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {step === 'form' && token !== null && (
          <NewPasswordForm
            token={token}
            onInvalidLink={() => setStep('invalid')}
            onTwoFactor={() => setStep('twoFactor')}
            onDone={() => void navigate('/', { replace: true })}
          />
        )}
        {step === 'invalid' && (
          <div className="space-y-4">
            <Notice tone="error" title={<h2>{t.invalidTitle}</h2>}>
              <p>
                {error === null || error === 'INVALID_TOKEN' ? t.invalidBody : t.otherErrorBody}
              </p>
            </Notice>
            <Button className="w-full" onClick={() => setStep('askAgain')}>
              {t.askAgain}
            </Button>
          </div>
        )}
        {step === 'askAgain' && <ForgotPasswordForm />}
        {step === 'twoFactor' && (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">{t.twoFactorIntro}</p>
            <TotpForm
              onVerified={() => void navigate('/', { replace: true })}
              onBack={() => void navigate('/', { replace: true })}
            />
          </div>
        )}
        {step !== 'form' && step !== 'twoFactor' && (
          <Link to="/" className={buttonClasses('ghost', 'md', 'mt-3 w-full')}>
            <Home aria-hidden="true" className="h-4 w-4" />
            {t.backHome}
          </Link>
        )}
      </div>
    </div>
  );
}

type NewPasswordFormProps = {
  token: string;
  onInvalidLink: () => void;
  onTwoFactor: () => void;
  onDone: () => void;
};

function NewPasswordForm({ token, onInvalidLink, onTwoFactor, onDone }: NewPasswordFormProps) {
  const { resetPassword } = useAuth();
  const form = useForm({
    resolver: zodResolver(resetSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    const outcome = await resetPassword({ token, newPassword });
    if (outcome === 'invalidLink') onInvalidLink();
    else if (outcome === 'twoFactor') onTwoFactor();
    else if (outcome === 'signedIn' || outcome === 'changed') onDone();
  });

  return (
    <form
      onSubmit={onSubmit}
      // Spanish messages from the form's checks, never the browser's bubbles (its own language).
      noValidate
      className="space-y-4"
    >
      <div className="flex gap-3 text-sm text-slate-700">
        <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" />
        <p>{esAuth.passwordHint}</p>
      </div>
      <FormField
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        // The one thing this page asks for.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <FormField
        label={t.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
