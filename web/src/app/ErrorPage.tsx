import { useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './ErrorPage.module.css';

export const ERROR_TITLE = 'Something went wrong';
export const ERROR_FALLBACK_MESSAGE = 'An unexpected error occurred';

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ERROR_FALLBACK_MESSAGE;
}

/** The full-page fallback for a rendering error (docs/product.md §2). */
export function ErrorPage({ error, reset }: { error: unknown; reset: () => void }) {
  useDocumentTitle(ERROR_TITLE);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Leaving the page clears the boundary through its reset key; on the home page itself there is
  // no navigation to wait for, so clear it directly.
  const returnHome = () => {
    if (pathname === '/') reset();
    else void navigate('/');
  };

  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <h1 className={styles.title}>{ERROR_TITLE}</h1>
        <p className={styles.message}>{errorMessage(error)}</p>
        <Button size="lg" onClick={returnHome}>
          Return to Home
        </Button>
      </div>
    </main>
  );
}
