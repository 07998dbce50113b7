import { zodResolver } from '@hookform/resolvers/zod';
import { signUpRequestSchema } from '@holgura/contracts';
import { useForm } from 'react-hook-form';
import { AccountInput, NameInputs } from '../../../components/forms/account-fields';
import { Button } from '../../../components/ui/button';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';

const t = esAuth;

/** Spec §2/§5: first name, last name, email, company and password, all required. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { signUp } = useAuth();
  const form = useForm({
    resolver: zodResolver(signUpRequestSchema),
    defaultValues: { firstName: '', lastName: '', email: '', company: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await signUp(values)) onSignedUp(values.email);
  });

  return (
    <form
      onSubmit={onSubmit}
      // Spanish messages from the form's checks, never the browser's bubbles (its own language).
      noValidate
      className="space-y-4"
    >
      <NameInputs form={form} />
      <AccountInput form={form} name="email" />
      <AccountInput form={form} name="company" />
      <AccountInput
        form={form}
        name="password"
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        hint={t.passwordHint}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t.submittingSignUp : t.submitSignUp}
      </Button>
    </form>
  );
}
