import { AUTH_MESSAGES, changePasswordSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage, useSession } from '../../app/session';
import {
  FormOutcomeAlert,
  firstErrors,
  formStyles,
  NEW_PASSWORD_HINT,
  useForm,
  type FieldErrors,
  type FormOutcome,
} from '../../components/forms';
import { Button, TextField } from '../../components/ui';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Failed to change password. Please try again.';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

function validate(values: typeof empty): FieldErrors {
  const errors = firstErrors(changePasswordSchema, values);
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.newPasswordsDoNotMatch;
  return errors;
}

/** The settings security tab: a new password needs the current one; other sessions end. */
export function ChangePasswordForm() {
  const { changePassword } = useSession();
  const form = useForm(empty, validate);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      setOutcome({ tone: 'success', message: PASSWORD_CHANGED_MESSAGE });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? PASSWORD_CHANGE_FAILED_MESSAGE });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Current Password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint={NEW_PASSWORD_HINT}
        {...form.field('newPassword')}
      />
      <TextField label="Confirm New Password" type="password" autoComplete="new-password" required {...form.field('confirmPassword')} />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Changing password…' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
