import { SEND_EMAIL_MESSAGES } from '@coinsight/contracts';
import { useLocation } from 'react-router';
import { ButtonLink, Dialog } from '../../components/ui';
import { SIGN_IN_PATH } from '../navigation';
import { useSession, type SignInState } from '../session';
import styles from './SendEmail.module.css';
import { SendEmailForm } from './SendEmailForm';

/** Signed-in users get the form; everyone else is asked to sign in first. */
export default function SendEmailDialog({ onClose }: { onClose: () => void }) {
  const { isAuthenticated, loading } = useSession();
  const location = useLocation();
  const from: SignInState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return (
    <Dialog open onClose={onClose} title="Send Email">
      {isAuthenticated ? (
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
