import { z } from 'zod';
import { text } from './text.js';

/** Messages of docs/product.md §5 and §8 for the account forms, plus the server's own rules. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be 3 to 32 characters long',
  usernameCharacters: 'Username may contain only letters, digits, dots, dashes and underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 4 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordWeak: 'Password must contain uppercase, lowercase and number',
  passwordTooCommon: 'Password is too common',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  resetTokenMissing: 'Invalid or missing reset token',
  currentPasswordForEmail: 'Enter your current password to change your email',
  emailLinkMissing: 'Invalid or missing link',
  handleInvalid: 'Social handles may contain only letters, digits, dots, dashes and underscores (at most 64)',
} as const;

export const PASSWORD_MIN_LENGTH = 4;
/** Bounds the work a single login can make argon2 do. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;

/** The spec's "simple pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const m = AUTH_MESSAGES;

/**
 * docs/product.md §5's rules for a new password, each in the words a form shows while it is typed. The
 * schema below checks the same tests. The server also refuses the most common passwords (zxcvbn's
 * list of 49,000): that list costs about 180 kB gzipped, more than the app's own code, so forms
 * say so up front and show the server's answer rather than carry the list.
 */
export const PASSWORD_RULES = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
] as const;

export const PASSWORD_COMMON_NOTE = 'Common passwords, such as Password1, are refused.';

const hasRequiredCharacters = (p: string) => PASSWORD_RULES.every((rule) => rule.id === 'length' || rule.test(p));

export const usernameSchema = text('Username', { error: m.usernameRequired })
  .trim()
  .min(1, m.usernameRequired)
  .min(USERNAME_MIN_LENGTH, m.usernameLength)
  .max(USERNAME_MAX_LENGTH, m.usernameLength)
  .regex(/^[A-Za-z0-9_.-]+$/, m.usernameCharacters);

export const emailSchema = text('Email', { error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid);

/** A password being chosen: docs/product.md §5's rules, in the spec's order. */
export const newPasswordSchema = text('Password', { error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine(hasRequiredCharacters, m.passwordWeak);

/** A password being checked: only its presence and size matter. */
const givenPasswordSchema = text('Password', { error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

export const signupSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: givenPasswordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Asks for a one-click sign-in link, offered when a sign-in is throttled: the address only. */
export const loginLinkRequestSchema = z.object({ email: emailSchema });
export type LoginLinkRequestInput = z.input<typeof loginLinkRequestSchema>;

export const resetPasswordSchema = z.object({
  token: text('Reset token', { error: m.resetTokenMissing }).trim().min(1, m.resetTokenMissing).max(200, m.resetTokenMissing),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

const handleSchema = text('Social handle')
  .trim()
  .transform((h) => h.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(64, m.handleInvalid)
      .regex(/^[A-Za-z0-9_.-]*$/, m.handleInvalid),
  )
  .optional();

export const socialAccountsSchema = z.object({
  twitter: handleSchema,
  facebook: handleSchema,
  instagram: handleSchema,
});

/**
 * Unknown fields (tier, role, token_version…) are dropped, never applied. `currentPassword` is
 * needed only when the email changes (the server says so with `currentPasswordForEmail`).
 */
export const updateProfileSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  socialAccounts: socialAccountsSchema.default({}),
  currentPassword: givenPasswordSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text('Current password', { error: m.currentPasswordRequired })
    .min(1, m.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, m.passwordTooLong),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The token of an email verification link, or of the "this wasn't me" link sent to the old address. */
export const emailLinkSchema = z.object({
  token: z.string({ error: m.emailLinkMissing }).trim().min(1, m.emailLinkMissing).max(200, m.emailLinkMissing),
});
export type EmailLinkInput = z.input<typeof emailLinkSchema>;

/** The user object every surface answers with (docs/product.md §3). Never carries a hash. */
export interface PublicUser {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  socialAccounts: { twitter: string; facebook: string; instagram: string };
  created_at: string;
  /** Whether the owner confirmed the address from the mail sent at sign-up (needed for API keys). */
  emailVerified: boolean;
}

export interface AuthResult {
  token: string;
  user: PublicUser;
}
