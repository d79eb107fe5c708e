import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import styles from './AuthLayout.module.css';
import { FullPageSpinner } from './FullPageSpinner';
import { Logo } from './Logo';

/** The minimal frame of the account screens: the logo home and one centred card. */
export function AuthLayout() {
  return (
    <div className={styles.shell}>
      <Logo />
      <main className={styles.card}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
    </div>
  );
}
