import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './Footer';
import { FullPageSpinner } from './FullPageSpinner';
import { Header } from './Header';
import { SendEmailButton } from './send-email/SendEmailButton';
import styles from './Layout.module.css';

export function Layout() {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense
          fallback={
            <>
              <FullPageSpinner />
              {/* Holds the footer below the fold until the page arrives, so it never jumps (layout shift). */}
              <div className={styles.pending} />
            </>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SendEmailButton />
      <ScrollRestoration />
    </div>
  );
}
