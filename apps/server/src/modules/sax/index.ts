export {
  DEFAULT_LOCAL_SAX_CLIENT_ID,
  DEFAULT_MAX_SAX_ORIGINS,
  LOCAL_SAX_TEST_USER,
  LOCAL_SAX_PATH,
  SAX_SCOPES,
  createLocalSaxProvider,
  localSaxSubject,
  registerLocalSax,
  type LocalSaxIssuer,
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
