import type { ChangePasswordInput, LoginInput, PublicUser, SignInResult, SignupInput, UpdateProfileInput } from '@coinsight/contracts';
import { createContext, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { AppData } from '../dataLayer/appData';
import { FullPageSpinner } from '../FullPageSpinner';
import { serverMessage } from './errors';
import type { TokenStore } from './tokenStore';

export const LOGIN_FAILED_MESSAGE = 'An error occurred during login';
export const SIGNUP_FAILED_MESSAGE = 'An error occurred during signup';

/** Session state of docs/product.md §3; `isAuthenticated` is derived from `user`. */
export interface SessionState {
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
  /**
   * Set when a password or sign-in link was right on an account with two-factor sign-in: the
   * challenge a code finishes (`completeTwoFactor`). It is not a session and is never stored.
   */
  twoFactorChallenge: string | null;
}

export interface Session extends SessionState {
  isAuthenticated: boolean;
  /**
   * Stores token and user; on failure clears both, sets `error` and throws the error again. Null
   * when the account asks for a code: `twoFactorChallenge` is then set.
   */
  login(input: LoginInput): Promise<PublicUser | null>;
  signup(input: SignupInput): Promise<PublicUser>;
  /** Signs in with the token of a mailed one-click sign-in link; answers like login. */
  signInWithLink(token: string): Promise<PublicUser | null>;
  /** Finishes a sign-in that asked for a code (authenticator or recovery code); throws the server's error, the challenge kept. */
  completeTwoFactor(code: string): Promise<PublicUser>;
  /** Drops a pending second step (back to the password). */
  cancelTwoFactor(): void;
  /** Ends the session on the server (its failure is ignored) and forgets it here. */
  logout(): Promise<void>;
  clearError(): void;
  /** Saves the profile and shows the saved user everywhere; throws the server's error. */
  updateProfile(input: UpdateProfileInput): Promise<PublicUser>;
  /** Changes the password and keeps the fresh token the server issues for this browser. */
  changePassword(input: ChangePasswordInput): Promise<void>;
}

type Action =
  | { type: 'signedIn'; token: string; user: PublicUser }
  | { type: 'secondFactor'; challenge: string | null }
  | { type: 'signedOut'; error?: string }
  | { type: 'userChanged'; user: PublicUser }
  | { type: 'tokenChanged'; token: string }
  | { type: 'errorCleared' };

function reduce(state: SessionState, action: Action): SessionState {
  switch (action.type) {
    case 'signedIn':
      return { user: action.user, token: action.token, loading: false, error: null, twoFactorChallenge: null };
    case 'secondFactor':
      return { ...state, error: null, twoFactorChallenge: action.challenge };
    case 'signedOut':
      return { user: null, token: null, loading: false, error: action.error ?? null, twoFactorChallenge: null };
    case 'userChanged':
      return { ...state, user: action.user, loading: false };
    case 'tokenChanged':
      return { ...state, token: action.token };
    case 'errorCleared':
      return { ...state, error: null };
  }
}

export const SessionContext = createContext<Session | null>(null);

export interface SessionProviderProps {
  /** The API client, loaded on first use: a visitor without a session never needs it. */
  client: AppData['client'];
  tokens: TokenStore;
  /** The query cache's answers, forgotten or asked again when the account changes. */
  queries: AppData['queries'];
  children: ReactNode;
}

/**
 * docs/product.md §4's session. At start the stored token is read; with one, the user is fetched behind the
 * full-page spinner and a refused or failed fetch signs out silently. Without one there is
 * nothing to wait for, so loading starts (and stays) ended.
 */
export function SessionProvider({ client, tokens, queries, children }: SessionProviderProps) {
  const [state, dispatch] = useReducer(reduce, tokens, (store): SessionState => {
    const token = store.get();
    return { user: null, token, loading: token !== null, error: null, twoFactorChallenge: null };
  });

  const forget = useCallback(
    (error?: string) => {
      tokens.set(null);
      dispatch({ type: 'signedOut', error });
    },
    [tokens],
  );

  // The user the current token belongs to; an answer for a token since replaced is dropped.
  const loadUser = useCallback(
    (token: string, onUser: (user: PublicUser) => void) => {
      let current = true;
      client()
        .then((api) => api.auth.me.query())
        .then(
          (user) => {
            if (!current || tokens.get() !== token) return;
            if (user) onUser(user);
            else forget();
          },
          () => {
            if (current && tokens.get() === token) forget();
          },
        );
      return () => {
        current = false;
      };
    },
    [client, tokens, forget],
  );

  useEffect(() => {
    const token = tokens.get();
    if (!token) return;
    return loadUser(token, (user) => dispatch({ type: 'userChanged', user }));
  }, [tokens, loadUser]);

  const userId = state.user?.id ?? null;
  const userIdRef = useRef(userId);
  useEffect(() => {
    userIdRef.current = userId;
  }, [userId]);

  // Signing in or out in another tab shows here too: signed out, guarded pages leave for the
  // sign-in page; signed in (or given a fresh token by a password change there), the user is
  // fetched with the new token while the page stays as it is.
  useEffect(() => {
    let cancelLoad: (() => void) | undefined;
    const unsubscribe = tokens.subscribe((token) => {
      cancelLoad?.();
      if (!token) {
        dispatch({ type: 'signedOut' });
        queries.clear();
        return;
      }
      dispatch({ type: 'tokenChanged', token });
      cancelLoad = loadUser(token, (user) => {
        const switched = userIdRef.current !== user.id;
        dispatch({ type: 'userChanged', user });
        // Cached answers may belong to the account that was signed in before.
        if (switched) queries.reset();
      });
    });
    return () => {
      cancelLoad?.();
      unsubscribe();
    };
  }, [tokens, loadUser, queries]);

  const signIn = useCallback(
    async (call: () => Promise<SignInResult>, fallback: string) => {
      try {
        const result = await call();
        // Checked here rather than with contracts' needsSecondFactor: the session is in every
        // page's first load, which imports nothing of contracts at run time.
        if ('twoFactorRequired' in result) {
          dispatch({ type: 'secondFactor', challenge: result.challenge });
          return null;
        }
        const { token, user } = result;
        tokens.set(token);
        dispatch({ type: 'signedIn', token, user });
        return user;
      } catch (error) {
        forget(serverMessage(error) ?? fallback);
        throw error;
      }
    },
    [tokens, forget],
  );

  const login = useCallback(
    (input: LoginInput) => signIn(async () => (await client()).auth.login.mutate(input), LOGIN_FAILED_MESSAGE),
    [client, signIn],
  );
  const signup = useCallback(
    async (input: SignupInput) => {
      // A new account has no second factor: its answer is always a session.
      const user = await signIn(async () => (await client()).auth.signup.mutate(input), SIGNUP_FAILED_MESSAGE);
      if (!user) throw new Error(SIGNUP_FAILED_MESSAGE);
      return user;
    },
    [client, signIn],
  );

  const challenge = state.twoFactorChallenge;
  const completeTwoFactor = useCallback(
    async (code: string) => {
      if (!challenge) throw new Error(LOGIN_FAILED_MESSAGE);
      const { token, user } = await (await client()).auth.completeTwoFactor.mutate({ challenge, code });
      tokens.set(token);
      dispatch({ type: 'signedIn', token, user });
      return user;
    },
    [client, tokens, challenge],
  );
  const cancelTwoFactor = useCallback(() => dispatch({ type: 'secondFactor', challenge: null }), []);

  const signInWithLink = useCallback(
    (token: string) => signIn(async () => (await client()).auth.signInWithLink.mutate({ token }), LOGIN_FAILED_MESSAGE),
    [client, signIn],
  );

  const logout = useCallback(async () => {
    // Asked first, while the token is still sent: the server revokes it so a copy cannot be replayed.
    await client()
      .then((api) => api.auth.logout.mutate())
      .catch(() => undefined);
    forget();
    // Cached answers may belong to the account that just left.
    queries.clear();
  }, [client, forget, queries]);

  const clearError = useCallback(() => dispatch({ type: 'errorCleared' }), []);

  const updateProfile = useCallback(
    async (input: UpdateProfileInput) => {
      const user = await (await client()).user.updateProfile.mutate(input);
      dispatch({ type: 'userChanged', user });
      return user;
    },
    [client],
  );

  const changePassword = useCallback(
    async (input: ChangePasswordInput) => {
      // The server ends every session, this one included, and answers a new token for this browser.
      const { token } = await (await client()).user.changePassword.mutate(input);
      tokens.set(token);
      dispatch({ type: 'tokenChanged', token });
    },
    [client, tokens],
  );

  const session = useMemo<Session>(
    () => ({
      ...state,
      isAuthenticated: state.user !== null,
      login,
      signup,
      signInWithLink,
      completeTwoFactor,
      cancelTwoFactor,
      logout,
      clearError,
      updateProfile,
      changePassword,
    }),
    [state, login, signup, signInWithLink, completeTwoFactor, cancelTwoFactor, logout, clearError, updateProfile, changePassword],
  );

  return <SessionContext.Provider value={session}>{state.loading ? <FullPageSpinner /> : children}</SessionContext.Provider>;
}
