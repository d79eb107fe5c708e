import { AUTH_MESSAGES, PASSWORD_COMMON_NOTE, PASSWORD_RULES } from '@coinsight/contracts';
import { TextField, type TextFieldProps } from '../ui';
import styles from './NewPasswordField.module.css';

export type PasswordStrength = 'Too weak' | 'Weak' | 'Fair' | 'Strong';

/**
 * A rough guide while typing, not a promise: it cannot see the server's list of common passwords.
 * Passing docs/product.md §5's rules is the floor; length then counts most, a symbol helps a fair one.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!PASSWORD_RULES.every((rule) => rule.test(password))) return 'Too weak';
  if (password.length < 8) return 'Weak';
  if (password.length >= 12 || (password.length >= 10 && /[^A-Za-z0-9]/.test(password))) return 'Strong';
  return 'Fair';
}

const LEVEL: Record<PasswordStrength, number> = { 'Too weak': 0, Weak: 1, Fair: 2, Strong: 3 };

export interface NewPasswordFieldProps extends Omit<TextFieldProps, 'type' | 'hint' | 'value'> {
  value: string;
  /** A password the server refused as too common: its error shows while that password is typed. */
  refused?: string | null;
}

/**
 * Where a password is chosen: the rules are said before anything is submitted, each ticks as it is
 * met, and a strength guide follows the typing. The hint is the field's description, so a screen
 * reader reads the rules and their state on focus.
 */
export function NewPasswordField({ value, refused, error, ...rest }: NewPasswordFieldProps) {
  const strength = passwordStrength(value);
  const shownError = error ?? (refused && refused === value ? AUTH_MESSAGES.passwordTooCommon : undefined);
  const hint = (
    <>
      <ul className={styles.rules} aria-label="Password rules">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(value);
          return (
            <li key={rule.id} className={styles.rule} data-met={met}>
              {rule.label}
              <span className={styles.visuallyHidden}>{met ? ' (done)' : ''}</span>
            </li>
          );
        })}
      </ul>
      <span className={styles.note}>{PASSWORD_COMMON_NOTE}</span>
      {value ? (
        <span className={styles.strength} data-level={LEVEL[strength]}>
          <span className={styles.bar} aria-hidden="true">
            <span className={styles.fill} />
          </span>
          Strength: {strength}
        </span>
      ) : null}
    </>
  );
  return <TextField type="password" autoComplete="new-password" value={value} hint={hint} error={shownError} {...rest} />;
}
