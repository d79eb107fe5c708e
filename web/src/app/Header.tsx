import { HEADER_SCROLL_THRESHOLD_PX } from '@coinsight/contracts';
import { lazy, Suspense, useState } from 'react';
import { LinkItems } from '../components/LinkItems';
import { Button, Container } from '../components/ui';
import type { AuthMode } from './auth/AuthModal';
import { lazyWithQueries } from './dataLayer/lazyWithQueries';
import styles from './Header.module.css';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavDropdown } from './NavDropdown';
import { headerLinks, productLinks, solutionLinks } from './navigation';
import { useSession } from './session';
import { UserMenu } from './UserMenu';
import { useScrolledPast } from './useScrolledPast';

// The sign-in forms (and the zod schemas they validate with) load on first use, not with every page.
const AuthModal = lazy(() => import('./auth/AuthModal').then((m) => ({ default: m.AuthModal })));
// The bell queries through the query layer, which only signed-in users need in the header.
const NotificationsMenu = lazyWithQueries<object>(() =>
  import('./notifications/NotificationsMenu').then((m) => ({ default: m.NotificationsMenu })),
);

export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const { user, clearError } = useSession();
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  // Once loaded, the dialog stays mounted so closing it behaves as before (focus goes back to the opener).
  const [authLoaded, setAuthLoaded] = useState(false);
  const openAuth = (mode: AuthMode) => {
    setAuthLoaded(true);
    // A message left by an earlier attempt (on /login, say) belongs to that attempt.
    clearError();
    setAuthMode(mode);
  };

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <Container className={styles.inner}>
        <Logo />
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.navList}>
            <li>
              <NavDropdown label="Products" items={productLinks} />
            </li>
            <li>
              <NavDropdown label="Solutions" items={solutionLinks('desktop')} />
            </li>
            <LinkItems links={headerLinks} nav className={styles.link} />
          </ul>
        </nav>
        {/* Outside the actions, so phones (which fold those into the menu) keep the bell too. */}
        {user ? (
          <div className={styles.bell}>
            {/* Holds the bell's place while its code loads, so the header does not shift. */}
            <Suspense fallback={<span className={styles.bellSlot} />}>
              <NotificationsMenu />
            </Suspense>
          </div>
        ) : null}
        <div className={styles.actions}>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Button variant="ghost" onClick={() => openAuth('login')}>
                Sign In
              </Button>
              <Button onClick={() => openAuth('signup')}>Sign Up</Button>
            </>
          )}
        </div>
        <div className={styles.mobile}>
          <MobileMenu onAuth={openAuth} />
        </div>
      </Container>
      {authLoaded ? (
        <Suspense fallback={null}>
          <AuthModal mode={authMode} onModeChange={setAuthMode} onClose={() => setAuthMode(null)} />
        </Suspense>
      ) : null}
    </header>
  );
}
