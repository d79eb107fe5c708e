import { lazy, Suspense, useId, useRef } from 'react';
import type { AuthMode } from './auth/AuthModal';
import styles from './MobileMenu.module.css';
import { useDismiss } from './useDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

// The panel's code loads when it is first opened: the landing page's first load carries the button only.
const MobileMenuPanel = lazy(() => import('./MobileMenuPanel'));

/** The navigation for narrow screens: a hamburger that opens a panel of collapsible groups. */
export function MobileMenu({ onAuth }: { onAuth: (mode: AuthMode) => void }) {
  const { open, close, toggle } = useOpenUntilNavigation();
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
        <Suspense fallback={null}>
          <MobileMenuPanel id={panelId} onNavigate={close} onAuth={openAuth} />
        </Suspense>
      ) : null}
    </div>
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
