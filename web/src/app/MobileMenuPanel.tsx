import { useId, useState } from 'react';
import { LinkItems } from '../components/LinkItems';
import { Button } from '../components/ui';
import type { AuthMode } from './auth/AuthModal';
import { Avatar } from './Avatar';
import { Chevron } from './Chevron';
import styles from './MobileMenu.module.css';
import { accountLinks, headerLinks, productLinks, solutionLinks, type NavItem } from './navigation';
import { useSession } from './session';

const groups: ReadonlyArray<{ label: string; items: readonly NavItem[] }> = [
  { label: 'Products', items: productLinks },
  { label: 'Solutions', items: solutionLinks('mobile') },
  { label: 'More', items: headerLinks },
];

/** The mobile menu's open panel: collapsible groups of links, then the account or the sign-in buttons. */
export default function MobileMenuPanel({
  id,
  onNavigate,
  onAuth,
}: {
  id: string;
  onNavigate: () => void;
  onAuth: (mode: AuthMode) => void;
}) {
  const { user, logout } = useSession();
  return (
    <div id={id} className={styles.panel}>
      <nav aria-label="Mobile">
        <ul className={styles.groups}>
          {groups.map((group) => (
            <li key={group.label}>
              <MobileGroup label={group.label} items={group.items} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      {user ? (
        <div className={styles.account}>
          <p className={styles.who}>
            <Avatar user={user} />
            <span>
              Signed in as <strong>{user.username}</strong>
            </span>
          </p>
          <ul className={styles.links}>
            <LinkItems links={accountLinks} nav className={styles.link} onClick={onNavigate} />
          </ul>
          <Button variant="secondary" block onClick={() => void logout()}>
            Sign Out
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onAuth('login')}>
            Sign In
          </Button>
          <Button onClick={() => onAuth('signup')}>Sign Up</Button>
        </div>
      )}
    </div>
  );
}

function MobileGroup({ label, items, onNavigate }: { label: string; items: readonly NavItem[]; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        className={styles.groupToggle}
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        onClick={() => setExpanded((value) => !value)}
      >
        {label}
        <Chevron className={styles.chevron} />
      </button>
      {expanded ? (
        <ul id={listId} className={styles.links}>
          <LinkItems links={items} nav className={styles.link} onClick={onNavigate} />
        </ul>
      ) : null}
    </>
  );
}
