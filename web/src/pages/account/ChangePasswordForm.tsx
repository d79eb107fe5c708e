import { changePasswordSchema } from '@coinsight/contracts';
import { useSession } from '../../app/session';
import {
  confirmPasswordError,
  FormOutcomeAlert,
  firstErrors,
  formStyles,
  PasswordAndConfirm,
  type FieldErrors,
} from '../../components/forms';
import { usePasswordForm } from './usePasswordForm';
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
  const { form, outcome, refused, onSubmit } = usePasswordForm(empty, validate, {
    password: 'newPassword',
    submit: async ({ currentPassword, newPassword }) => {
      await changePassword({ currentPassword, newPassword });
      form.reset();
      return PASSWORD_CHANGED_MESSAGE;
    },
    failed: PASSWORD_CHANGE_FAILED_MESSAGE,
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
