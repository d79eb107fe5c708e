import { AUTH_MESSAGES } from '@coinsight/contracts';
import { TextField } from '../ui';
import { NewPasswordField } from './NewPasswordField';
import type { FormField } from './useForm';

/** Where a password is chosen: at sign-up, with a reset link, or in the settings (a change). */
export type NewPasswordKind = 'signup' | 'reset' | 'change';

/** docs/product.md §5's labels and mismatch message per form; the change form says "New passwords". */
const KINDS: Record<NewPasswordKind, { label: string; confirmLabel: string; mismatch: string }> = {
  signup: { label: 'Password', confirmLabel: 'Confirm Password', mismatch: AUTH_MESSAGES.passwordsDoNotMatch },
  reset: { label: 'New Password', confirmLabel: 'Confirm New Password', mismatch: AUTH_MESSAGES.passwordsDoNotMatch },
  change: { label: 'New Password', confirmLabel: 'Confirm New Password', mismatch: AUTH_MESSAGES.newPasswordsDoNotMatch },
};

/** The confirmation's error: docs/product.md §5's message when it differs from the password, else none. */
export function confirmPasswordError(kind: NewPasswordKind, password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : KINDS[kind].mismatch;
}

export interface PasswordAndConfirmProps {
  kind: NewPasswordKind;
  /** The form's bindings (`form.field(…)`) of the new password and its confirmation. */
  password: FormField;
  confirmation: FormField;
  /** A password the server refused as too common (see NewPasswordField). */
  refused?: string | null;
  disabled?: boolean;
}

/** A new password, with its rules and strength guide, then its confirmation: both required. */
export function PasswordAndConfirm({ kind, password, confirmation, refused, disabled }: PasswordAndConfirmProps) {
  const { label, confirmLabel } = KINDS[kind];
  return (
    <>
      <NewPasswordField label={label} required disabled={disabled} refused={refused} {...password} />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" required disabled={disabled} {...confirmation} />
    </>
  );
}
