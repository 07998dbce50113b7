import { zodResolver } from '@hookform/resolvers/zod';
import { signUpRequestSchema } from '@holgura/contracts';
import { useForm } from 'react-hook-form';
import { AccountInput } from '../../../components/forms/account-fields';
import { Button } from '../../../components/ui/button';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';

const t = esAuth;

/** Spec §5: email (email type) and password, both required; the same rules as sign-up. */
const signInSchema = signUpRequestSchema.pick({ email: true, password: true });

type SignInFormProps = {
  defaultEmail: string;
  onSignedIn: () => void;
  onTwoFactor: () => void;
  /** «¿Olvidaste tu contraseña?», with the email typed so far. */
  onForgotPassword: (email: string) => void;
};

export function SignInForm({
  defaultEmail,
  onSignedIn,
  onTwoFactor,
  onForgotPassword,
}: SignInFormProps) {
  const { signInWithEmail } = useAuth();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await signInWithEmail(values);
    if (outcome === 'signedIn') onSignedIn();
    else if (outcome === 'twoFactor') onTwoFactor();
  });

  return (
    <form
      onSubmit={onSubmit}
      // Spanish messages from the form's checks, never the browser's bubbles (its own language).
      noValidate
      className="space-y-4"
    >
      <AccountInput form={form} name="email" />
      <AccountInput
        form={form}
        name="password"
        // After sign-up the email is filled in: the password is what is left to type.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={defaultEmail !== ''}
      />
      <div className="-mt-2 text-right">
        <button
          type="button"
          onClick={() => onForgotPassword(form.getValues('email').trim())}
          className="rounded text-sm font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          {t.forgot.link}
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t.submittingSignIn : t.submitSignIn}
      </Button>
    </form>
  );
}
