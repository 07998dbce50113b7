import { z } from 'zod';

/** The signed-in product account as the API reports it; `null` when nobody is signed in. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema }).nullable();
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Browser storage key of the SAX id token (docs/product.md §3, §9): `{ token: string }`. */
export const SAX_ID_TOKEN_STORAGE_KEY = 'holgura_id_token';
