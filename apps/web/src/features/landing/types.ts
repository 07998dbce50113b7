/** The sign-in state the landing needs, handed in by the app (features do not import features). */
export type LandingAuthStatus = 'checking' | 'signedIn' | 'signedOut';
