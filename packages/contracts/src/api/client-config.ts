import { z } from 'zod';

/** What the web app needs to know about this deployment before anyone signs in. */
export const clientConfigResponseSchema = z.object({
  sax: z.object({
    /** OpenID issuer of SAX (the operator's tenant, or this server's local provider). */
    authority: z.string(),
    clientId: z.string(),
    /** Hosted login policy (docs/product.md §6), passed through to the provider. */
    policy: z.string().nullable(),
    scopes: z.string(),
    /** True when SAX is this server's local provider (one-machine installs and tests). */
    local: z.boolean(),
  }),
  /** Maximum upload size in bytes (10 MB). */
  maxUploadBytes: z.number().int().positive(),
  /**
   * The support address (SUPPORT_EMAIL) the footer links to. Optional so a web app newer than
   * the API it talks to (during a rolling deploy) still reads the rest of the config.
   */
  supportEmail: z.email().optional(),
  /**
   * The origin PUBLIC_URL names, when it was set (mail links and SAX use it); null when it was
   * not, and each page's own address is used. Optional as supportEmail is.
   */
  publicUrl: z.string().nullable().optional(),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
