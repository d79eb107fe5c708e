import { AUTH_MESSAGES, newPasswordSchema } from '@coinsight/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverMessage } from '../../app/session';
import { AuthPage } from './AuthPage';
import {
  confirmPasswordError,
  FormAlert,
  FormOutcomeAlert,
  firstError,
  formStyles,
  PasswordAndConfirm,
  useForm,
  type FieldErrors,
  type FormOutcome,
} from '../../components/forms';
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
  const form = useForm(empty, validate);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const done = outcome?.tone === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome(null);
    try {
      await resetPassword.mutateAsync({ token, password });
      setOutcome({ tone: 'success', message: RESET_SUCCESS_MESSAGE });
    } catch (error) {
      const reason = serverMessage(error);
      if (reason === AUTH_MESSAGES.passwordTooCommon) setRefused(password);
      setOutcome({ tone: 'error', message: reason ?? RESET_FAILED_MESSAGE });
    }
  });

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
