import type { PublicUser } from '@coinsight/contracts';
import styles from './Avatar.module.css';

/** Up to two letters that stand for the user where there is no avatar picture. */
export function initialsOf(username: string): string {
  const parts = username.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : (parts[0] ?? username).slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The user's picture, or their initials; decorative, since the name is always written beside it. */
export function Avatar({ user, size = 'md' }: { user: PublicUser; size?: 'sm' | 'md' }) {
  return user.avatar ? (
    <img className={styles.avatar} data-size={size} src={user.avatar} alt="" />
  ) : (
    <span className={styles.avatar} data-size={size} aria-hidden="true">
      {initialsOf(user.username)}
    </span>
  );
}
