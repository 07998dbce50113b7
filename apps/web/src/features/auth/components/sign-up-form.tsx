import { zodResolver } from '@hookform/resolvers/zod';
import { signUpRequestSchema } from '@holgura/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { es } from '../../../strings/es';
import { useAuth } from '../use-auth';

const t = es.auth;

/** Spec §2/§5: first name, last name, email, company and password, all required. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { signUp } = useAuth();
  const form = useForm({
    resolver: zodResolver(signUpRequestSchema),
    defaultValues: { firstName: '', lastName: '', email: '', company: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await signUp(values)) onSignedUp(values.email);
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t.firstName}
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <FormField
          label={t.lastName}
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <FormField
        label={t.email}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        label={t.company}
        autoComplete="organization"
        required
        error={errors.company?.message}
        {...form.register('company')}
      />
      <FormField
        label={t.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t.submittingSignUp : t.submitSignUp}
      </Button>
    </form>
  );
}
