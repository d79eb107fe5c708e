import type { PublicUser } from '@coinsight/contracts';

/**
 * A verified session and its user. Its own module because the session cache (named in
 * ServiceDeps) holds it and must not import authenticate.ts, which takes ServiceDeps.
 */
export interface Authenticated {
  user: PublicUser;
  session: { id: string };
}
