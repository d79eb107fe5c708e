import { AUTH_MESSAGES, newPasswordSchema } from '@coinsight/contracts';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthPage } from './AuthPage';
import {
  confirmPasswordError,
  FormAlert,
  FormOutcomeAlert,
  firstError,
  formStyles,
  PasswordAndConfirm,
  type FieldErrors,
} from '../../components/forms';
import { usePasswordForm } from './usePasswordForm';
import { Button } from '../../components/ui';
import { trpc } from '../../lib/trpc';

export const RESET_SUCCESS_MESSAGE = 'Password reset successful! Redirecting to login...';
export const RESET_FAILED_MESSAGE = 'Failed to reset password. Please try again.';
/** docs/product.md §9: how long the success message shows before the sign-in page. */
export const RESET_REDIRECT_MS = 3_000;

const links = [{ to: '/login', label: 'Back to sign in' }];
const empty = { password: '', confirmPassword: '' };

function validate(values: typeof empty): FieldErrors {
  return {
    password: firstError(newPasswordSchema, values.password),
    confirmPassword: confirmPasswordError('reset', values.password, values.confirmPassword),
  };
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const resetPassword = trpc.auth.resetPassword.useMutation();
  const { form, outcome, refused, onSubmit } = usePasswordForm(empty, validate, {
    password: 'password',
    submit: async ({ password }) => {
      await resetPassword.mutateAsync({ token, password });
      return RESET_SUCCESS_MESSAGE;
    },
    failed: RESET_FAILED_MESSAGE,
  });
  const done = outcome?.tone === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthPage
      title="Reset Password"
      description="Choose a new password for your account, using the link from your password reset email."
      links={links}
    >
      {!token ? (
        <>
          <FormAlert tone="error">{AUTH_MESSAGES.resetTokenMissing}</FormAlert>
          <p>
            <Link to="/forgot-password">Request a new reset link</Link>
          </p>
        </>
      ) : (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          <FormOutcomeAlert outcome={outcome} />
          <PasswordAndConfirm
            kind="reset"
            password={form.field('password')}
            confirmation={form.field('confirmPassword')}
            refused={refused}
            disabled={done}
          />
          <Button type="submit" block disabled={form.submitting || done}>
            {form.submitting ? 'Resetting…' : 'Reset Password'}
          </Button>
        </form>
      )}
    </AuthPage>
  );
}
