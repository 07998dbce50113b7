import { z } from 'zod';

const requiredText = (label: string, feminine = false) => {
  const required = `${label} es ${feminine ? 'obligatoria' : 'obligatorio'}`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(200, `${label} es demasiado ${feminine ? 'larga' : 'largo'}`);
};

/** Spec §3 profile, in API form. `accountKind` tells whether the user may edit it (docs/product.md §6). */
export const profileSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  accountKind: z.enum(['holgura', 'sax']),
});
export type Profile = z.infer<typeof profileSchema>;

/** Spec §5: first name, last name and company required and trimmed; email not editable. */
export const updateProfileRequestSchema = z.strictObject({
  firstName: requiredText('El nombre'),
  lastName: requiredText('El apellido'),
  company: requiredText('La empresa', true),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** Sign-up form (docs/product.md §2): the account plus the profile metadata. */
export const signUpRequestSchema = z.object({
  firstName: requiredText('El nombre'),
  lastName: requiredText('El apellido'),
  email: z.email('Ingresa un correo electrónico válido').trim(),
  company: requiredText('La empresa', true),
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(8, 'La contraseña debe tener al menos 8 caracteres')
    .max(128, 'La contraseña es demasiado larga'),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;
