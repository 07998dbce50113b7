/**
 * The contracts' error envelope, alone in a module that loads on demand (api-client.ts, the
 * auth actions): importing the contracts' index dynamically would bring every schema.
 */
export { apiErrorSchema } from '@holgura/contracts';
