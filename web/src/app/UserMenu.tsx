import type { PublicUser } from '@coinsight/contracts';
import { LinkItems } from '../components/LinkItems';
import { Avatar } from './Avatar';
import { Chevron } from './Chevron';
import { accountLinks } from './navigation';
import { useSession } from './session';
import styles from './UserMenu.module.css';
import { useMenu } from './useMenu';

/** The signed-in user's menu in the header: Dashboard, Settings, Sign Out (docs/product.md §2). */
export function UserMenu({ user }: { user: PublicUser }) {
  const { open, close, menuId, rootProps, triggerProps } = useMenu();
  // No navigation here: on a members-only page the guard takes over and offers to sign in again.
  const { logout } = useSession();

  return (
    <div className={styles.root} {...rootProps}>
      <button {...triggerProps} className={styles.trigger}>
        <Avatar user={user} size="sm" />
        {/* Named by its content, so the name holds the visible username (WCAG 2.5.3). */}
        <span className={styles.visuallyHidden}>Account menu for</span> <span className={styles.name}>{user.username}</span>
        <Chevron className={styles.chevron} />
      </button>
      {open ? (
        <div id={menuId} className={styles.menu}>
          <p className={styles.who}>
            <span className={styles.whoName}>{user.username}</span>
            <span className={styles.whoEmail}>{user.email}</span>
          </p>
          <ul className={styles.items}>
            <LinkItems links={accountLinks} nav className={styles.item} onClick={close} />
            <li>
              <button type="button" className={styles.item} onClick={() => void logout()}>
                Sign Out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
