import { useId, useRef, useState } from 'react';
import { LinkItems } from '../components/LinkItems';
import { Button } from '../components/ui';
import type { AuthMode } from './auth/AuthModal';
import { Avatar } from './Avatar';
import { Chevron } from './Chevron';
import styles from './MobileMenu.module.css';
import { accountLinks, headerLinks, productLinks, solutionLinks, type NavItem } from './navigation';
import { useSession } from './session';
import { useDismiss } from './useDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

const groups: ReadonlyArray<{ label: string; items: readonly NavItem[] }> = [
  { label: 'Products', items: productLinks },
  { label: 'Solutions', items: solutionLinks('mobile') },
  { label: 'More', items: headerLinks },
];

/** The navigation for narrow screens: a hamburger that opens a panel of collapsible groups. */
export function MobileMenu({ onAuth }: { onAuth: (mode: AuthMode) => void }) {
  const { open, close, toggle } = useOpenUntilNavigation();
  const { user, logout } = useSession();
  const openAuth = (mode: AuthMode) => {
    close();
    onAuth(mode);
  };
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, close, rootRef, toggleRef);

  return (
    <div ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <MenuIcon open={open} />
      </button>
      {open ? (
        <div id={panelId} className={styles.panel}>
          <nav aria-label="Mobile">
            <ul className={styles.groups}>
              {groups.map((group) => (
                <li key={group.label}>
                  <MobileGroup label={group.label} items={group.items} onNavigate={close} />
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
                <LinkItems links={accountLinks} nav className={styles.link} onClick={close} />
              </ul>
              <Button variant="secondary" block onClick={() => void logout()}>
                Sign Out
              </Button>
            </div>
          ) : (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => openAuth('login')}>
                Sign In
              </Button>
              <Button onClick={() => openAuth('signup')}>Sign Up</Button>
            </div>
          )}
        </div>
      ) : null}
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

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : (
        <path d="M3 6h14M3 10h14M3 14h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}
