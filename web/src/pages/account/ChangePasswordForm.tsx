import { changePasswordSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { serverFieldError, serverMessage, useSession } from '../../app/session';
import {
  confirmPasswordError,
  FormOutcomeAlert,
  firstErrors,
  formStyles,
  PasswordAndConfirm,
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
  errors.confirmPassword = confirmPasswordError('change', values.newPassword, values.confirmPassword);
  return errors;
}

/** The settings security tab: a new password needs the current one; other sessions end. */
export function ChangePasswordForm() {
  const { changePassword } = useSession();
  const form = useForm(empty, validate);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    try {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      setOutcome({ tone: 'success', message: PASSWORD_CHANGED_MESSAGE });
    } catch (error) {
      const reason = serverMessage(error);
      if (serverFieldError(error, ['newPassword'])) setRefused(newPassword);
      setOutcome({ tone: 'error', message: reason ?? PASSWORD_CHANGE_FAILED_MESSAGE });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Current Password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
      <PasswordAndConfirm
        kind="change"
        password={form.field('newPassword')}
        confirmation={form.field('confirmPassword')}
        refused={refused}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Changing password…' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
