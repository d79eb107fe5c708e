import { SEND_EMAIL_MESSAGES } from '@coinsight/contracts';
import { useLocation } from 'react-router';
import { ButtonLink, Dialog } from '../../components/ui';
import { SIGN_IN_PATH } from '../navigation';
import { useSession, type SignInState } from '../session';
import styles from './SendEmail.module.css';
import { SendEmailForm } from './SendEmailForm';

/**
 * Signed-in users with a confirmed address get the form; an unconfirmed one is told why not (the
 * server answers 403 too); everyone else is asked to sign in first.
 */
export default function SendEmailDialog({ onClose }: { onClose: () => void }) {
  const { isAuthenticated, loading, user } = useSession();
  const location = useLocation();
  const from: SignInState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return (
    <Dialog open onClose={onClose} title="Send Email">
      {isAuthenticated && user?.emailVerified === false ? (
        <div className={styles.signIn}>
          <p>{SEND_EMAIL_MESSAGES.verifyFirst}. We sent a confirmation link when you signed up.</p>
          <div className={styles.signInActions}>
            <ButtonLink to="/settings?tab=api" onClick={onClose} data-autofocus>
              Resend the link
            </ButtonLink>
          </div>
        </div>
      ) : isAuthenticated ? (
        <SendEmailForm />
      ) : loading ? (
        <p role="status">Checking your session…</p>
      ) : (
        <div className={styles.signIn}>
          <p>{SEND_EMAIL_MESSAGES.signInRequired}</p>
          <div className={styles.signInActions}>
            <ButtonLink to={SIGN_IN_PATH} state={from} onClick={onClose} data-autofocus>
              Sign In
            </ButtonLink>
            <ButtonLink to="/signup" variant="secondary" onClick={onClose}>
              Sign Up
            </ButtonLink>
          </div>
        </div>
      )}
    </Dialog>
  );
}
