import type { PublicUser } from '@coinsight/contracts';
import { useContext } from 'react';
import { SessionContext, type Session } from './SessionProvider';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside a SessionProvider');
  return session;
}

/** The signed-in user, for screens behind the sign-in guard (which never render without one). */
export function useSignedInUser(): PublicUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser is for screens behind the sign-in guard');
  return user;
}
