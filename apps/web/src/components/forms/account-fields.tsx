import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { es } from '../../strings/es';
import { FormField } from '../ui/form-field';

const t = es.accountFields;

export type AccountFieldName = 'email' | 'password' | 'firstName' | 'lastName' | 'company';

/** One label, type and autocomplete per account field, the same in every account form. */
const fields: Record<AccountFieldName, InputHTMLAttributes<HTMLInputElement> & { label: string }> =
  {
    email: { label: t.email, type: 'email', autoComplete: 'email' },
    password: { label: t.password, type: 'password', autoComplete: 'current-password' },
    firstName: { label: t.firstName, autoComplete: 'given-name' },
    lastName: { label: t.lastName, autoComplete: 'family-name' },
    company: { label: t.company, autoComplete: 'organization' },
  };

/** What the inputs use of a react-hook-form form: `register` and the field errors. */
export type AccountForm<N extends AccountFieldName> = {
  register: (name: N) => UseFormRegisterReturn<N>;
  formState: { errors: Partial<Record<N, { message?: string | undefined }>> };
};

type AccountInputProps<N extends AccountFieldName> = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name'
> & {
  form: AccountForm<N>;
  name: N;
  /** A short rule under the field (the sign-up password's). */
  hint?: string;
};

/** A required account field (docs/product.md §5), registered with the form, with its validation message. */
export function AccountInput<N extends AccountFieldName>({
  form,
  name,
  ...props
}: AccountInputProps<N>) {
  return (
    <FormField
      {...fields[name]}
      required
      {...props}
      error={form.formState.errors[name]?.message}
      {...form.register(name)}
    />
  );
}

/** First and last name side by side: sign-up and the profile. */
export function NameInputs({ form }: { form: AccountForm<'firstName' | 'lastName'> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AccountInput form={form} name="firstName" />
      <AccountInput form={form} name="lastName" />
    </div>
  );
}

/** The email shown but not editable (the profile: docs/product.md §2). */
export function ReadOnlyEmail({ value }: { value: string }) {
  return <FormField {...fields.email} name="email" value={value} readOnly />;
}
