import { z } from 'zod';

/** What the web app needs to know about this deployment before anyone signs in. */
export const clientConfigResponseSchema = z.object({
  sax: z.object({
    /** OpenID issuer of SAX (the operator's tenant, or this server's local provider). */
    authority: z.string(),
    clientId: z.string(),
    /** Hosted login policy (spec §6), passed through to the provider. */
    policy: z.string().nullable(),
    scopes: z.string(),
    /** True when SAX is this server's local provider (one-machine installs and tests). */
    local: z.boolean(),
  }),
  /** Maximum upload size in bytes (10 MB). */
  maxUploadBytes: z.number().int().positive(),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
