import { emailSchema, newPasswordSchema, usernameSchema } from '@coinsight/contracts';
import { Link } from 'react-router';
import {
  confirmPasswordError,
  FormAlert,
  firstError,
  formStyles,
  PasswordAndConfirm,
  useForm,
  type FieldErrors,
} from '../../components/forms';
import { Button, Dialog, TextField } from '../../components/ui';
import { useSession } from '../session';
import styles from './AuthModal.module.css';
import { TwoFactorStep } from './TwoFactorStep';

export type AuthMode = 'login' | 'signup';

const TITLES: Record<AuthMode, string> = { login: 'Sign In', signup: 'Sign Up' };

const empty = { username: '', email: '', password: '', confirmPassword: '' };
type AuthValues = typeof empty;

/** docs/product.md §5's auth-modal rules in its order; the first problem of each field is shown. */
export function validateAuth(mode: AuthMode, values: AuthValues): FieldErrors {
  const errors: FieldErrors = {
    email: firstError(emailSchema, values.email),
    password: firstError(newPasswordSchema, values.password),
  };
  if (mode === 'signup') {
    errors.username = firstError(usernameSchema, values.username);
    errors.confirmPassword = confirmPasswordError('signup', values.password, values.confirmPassword);
  }
  return errors;
}

export interface AuthModalProps {
  /** Closed when null. */
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

/** The header's Sign In / Sign Up dialog. Closes once the session has a user. */
export function AuthModal({ mode, onModeChange, onClose }: AuthModalProps) {
  return (
    <Dialog open={mode !== null} onClose={onClose} title={mode ? TITLES[mode] : ''}>
      {mode ? <AuthForm mode={mode} onModeChange={onModeChange} onDone={onClose} /> : null}
    </Dialog>
  );
}

function AuthForm({ mode, onModeChange, onDone }: { mode: AuthMode; onModeChange: (mode: AuthMode) => void; onDone: () => void }) {
  const { login, signup, error, clearError, twoFactorChallenge } = useSession();
  const form = useForm(empty, (values) => validateAuth(mode, values));
  const signingUp = mode === 'signup';

  const onSubmit = form.handleSubmit(async ({ username, email, password }) => {
    clearError();
    try {
      if (signingUp) await signup({ username, email, password });
      // Null: the account asks for a code, which this dialog asks for next.
      else if (!(await login({ email, password }))) return;
      onDone();
    } catch {
      // The session has set the auth service's message, which this form shows.
    }
  });

  // What was typed stays when switching, so someone who meant to sign up need not start over.
  const switchTo = (next: AuthMode) => {
    clearError();
    form.resetErrors();
    onModeChange(next);
  };

  if (!signingUp && twoFactorChallenge) return <TwoFactorStep onDone={onDone} />;

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {signingUp ? <TextField label="Username" autoComplete="username" data-autofocus required {...form.field('username')} /> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        data-autofocus={!signingUp || undefined}
        required
        {...form.field('email')}
      />
      {signingUp ? (
        <PasswordAndConfirm kind="signup" password={form.field('password')} confirmation={form.field('confirmPassword')} />
      ) : (
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
      )}
      {signingUp ? null : (
        <Link to="/forgot-password" className={styles.forgot} onClick={onDone}>
          Forgot your password?
        </Link>
      )}
      <Button type="submit" block disabled={form.submitting}>
        {form.submitting ? (signingUp ? 'Creating account…' : 'Signing in…') : TITLES[mode]}
      </Button>
      <p className={styles.switch}>
        {signingUp ? 'Already have an account?' : 'Don’t have an account?'}{' '}
        <button type="button" className={styles.switchButton} onClick={() => switchTo(signingUp ? 'login' : 'signup')}>
          {signingUp ? TITLES.login : TITLES.signup}
        </button>
      </p>
    </form>
  );
}
