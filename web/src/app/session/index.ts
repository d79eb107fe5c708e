export { httpStatusOf, serverFieldError, serverMessage } from './errors';
export { GuardedOutlet, isGuardedPath, returnPath, GUARDED_PATHS, AFTER_SIGN_IN_PATH, type SignInState } from './guard';
export { SessionProvider, LOGIN_FAILED_MESSAGE, SIGNUP_FAILED_MESSAGE, type Session, type SessionState } from './SessionProvider';
export { createTokenStore, TOKEN_STORAGE_KEY, type TokenStore } from './tokenStore';
export { useSession, useSignedInUser } from './useSession';
