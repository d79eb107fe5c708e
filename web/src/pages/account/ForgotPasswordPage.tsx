import { forgotPasswordSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { AuthPage } from './AuthPage';
import { FormOutcomeAlert, firstErrors, formStyles, useForm, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';

export const RESET_EMAIL_SENT_MESSAGE = 'Password reset email sent! Please check your inbox.';
export const RESET_EMAIL_FAILED_MESSAGE = 'Failed to send reset password email. Please try again.';

const links = [{ to: '/login', label: 'Back to sign in' }];
const empty = { email: '' };

export default function ForgotPasswordPage() {
  const forgotPassword = trpc.auth.forgotPassword.useMutation();
  const form = useForm(empty, (values) => firstErrors(forgotPasswordSchema, values));
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await forgotPassword.mutateAsync(values);
      form.reset();
      setOutcome({ tone: 'success', message: RESET_EMAIL_SENT_MESSAGE });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? RESET_EMAIL_FAILED_MESSAGE });
    }
  });

  return (
    <AuthPage
      title="Forgot Password"
      description="Enter the email address of your account and we will email you a link to reset your password."
      links={links}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <FormOutcomeAlert outcome={outcome} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <Button type="submit" block disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthPage>
  );
}
