import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { SIGN_IN_PATH } from '../navigation';
import { useSession } from './useSession';

export const AFTER_SIGN_IN_PATH = '/dashboard';

/**
 * Account and data screens: every path under these needs a signed-in user. /market and its asset
 * pages, and the Sandbox (with the public test key), are public: the front door.
 */
export const GUARDED_PATHS = [
  '/dashboard',
  '/profile',
  '/settings',
  '/social',
  '/topics',
  '/creators',
  '/tasks',
  '/scraping-tasks',
  '/explorer',
  '/alerts',
  '/team-invitation',
] as const;

export function isGuardedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return GUARDED_PATHS.some((guarded) => path === guarded || path.startsWith(`${guarded}/`));
}

/** What the sign-in page gets to know about the page that sent the visitor there. */
export interface SignInState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after signing in: back to the page that asked for it, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return AFTER_SIGN_IN_PATH;
  // Only paths of this app: '//host' would leave it.
  if (from.pathname.startsWith('//')) return AFTER_SIGN_IN_PATH;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Decided by path rather than per route, so a screen added under a guarded path (a new
 * /social/* page) is guarded without anyone remembering to mark it.
 */
export function GuardedOutlet() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated && isGuardedPath(location.pathname)) {
    const state: SignInState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={SIGN_IN_PATH} replace state={state} />;
  }
  return <Outlet />;
}
