import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmPasswordError, PasswordAndConfirm, type NewPasswordKind } from './PasswordAndConfirm';

const binding = (name: string, value: string, error?: string) => ({ name, value, error, onChange: () => {} });

// One password-and-confirm block for sign-up, reset and change (docs/product.md §5's texts).
describe('PasswordAndConfirm', () => {
  it.each<[NewPasswordKind, string, string, string]>([
    ['signup', 'Password', 'Confirm Password', 'Passwords do not match'],
    ['reset', 'New Password', 'Confirm New Password', 'Passwords do not match'],
    ['change', 'New Password', 'Confirm New Password', 'New passwords do not match'],
  ])('%s: labels %s and %s, and says "%s" when they differ', (kind, label, confirmLabel, mismatch) => {
    const error = confirmPasswordError(kind, 'Abc12345', 'Abc12346');
    expect(error).toBe(mismatch);
    expect(confirmPasswordError(kind, 'Abc12345', 'Abc12345')).toBeUndefined();

    render(
      <PasswordAndConfirm kind={kind} password={binding('password', 'Abc12345')} confirmation={binding('confirm', 'Abc12346', error)} />,
    );
    const password = screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
    const confirmation = screen.getByLabelText(confirmLabel) as HTMLInputElement;
    expect([password.type, password.autocomplete, password.required]).toEqual(['password', 'new-password', true]);
    expect([confirmation.type, confirmation.autocomplete, confirmation.required]).toEqual(['password', 'new-password', true]);
    // The rules and the strength guide go with the password, the mismatch with the confirmation.
    expect(screen.getByRole('list', { name: 'Password rules' })).toBeTruthy();
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirmation.getAttribute('aria-describedby') ?? '')?.textContent).toBe(mismatch);
  });

  it('disables both while the form is done', () => {
    render(<PasswordAndConfirm kind="reset" password={binding('password', '')} confirmation={binding('confirm', '')} disabled />);
    expect((screen.getByLabelText('New Password') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Confirm New Password') as HTMLInputElement).disabled).toBe(true);
  });
});
