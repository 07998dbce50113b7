export {
  DEFAULT_LOCAL_SAX_CLIENT_ID,
  LOCAL_SAX_TEST_USER,
  LOCAL_SAX_PATH,
  SAX_SCOPES,
  createLocalSaxProvider,
  localSaxSubject,
  registerLocalSax,
  type LocalSaxProvider,
  type LocalSaxProviderOptions,
  type LocalSaxUser,
} from './local-provider';
export {
  SaxTokenError,
  createSaxTokenVerifier,
  type SaxClaims,
  type SaxTokenFailure,
  type SaxTokenVerifier,
  type SaxTokenVerifierOptions,
} from './token-verifier';
export { setupSax, type SaxClientSettings } from './sax-setup';
