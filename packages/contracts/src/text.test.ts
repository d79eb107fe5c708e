import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordSchema, loginSchema, resetPasswordSchema, signupSchema, updateProfileSchema } from './auth.js';
import { contactMessageSchema } from './contact.js';
import { newsletterSubscribeSchema } from './newsletter.js';
import { sendEmailSchema } from './send-email.js';
import { listQuerySchema, searchQuerySchema } from './social/query.js';

const NUL = '\u0000';
const account = { username: 'satoshi', email: 'sat@example.com', password: 'Tr1cky-Lynx-42' };

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

// Checklist 12: a NUL character reached PostgreSQL and failed there with a 500.
describe('a NUL character in any string is refused, naming the field', () => {
  it.each([
    ['username', signupSchema, { ...account, username: `sat${NUL}oshi` }, 'Username must not contain a NUL character'],
    ['email', loginSchema, { email: `sat${NUL}@example.com`, password: 'x1' }, 'Email must not contain a NUL character'],
    ['password', loginSchema, { email: account.email, password: `pw${NUL}` }, 'Password must not contain a NUL character'],
    ['reset token', resetPasswordSchema, { token: `t${NUL}`, password: account.password }, 'Reset token must not contain a NUL character'],
    [
      'current password',
      changePasswordSchema,
      { currentPassword: NUL, newPassword: account.password },
      'Current password must not contain a NUL character',
    ],
    [
      'social handle',
      updateProfileSchema,
      { username: 'satoshi', email: account.email, socialAccounts: { twitter: `a${NUL}` } },
      'Social handle must not contain a NUL character',
    ],
    [
      'contact name',
      contactMessageSchema,
      { name: `A${NUL}`, email: account.email, subject: 'general', message: 'Hi' },
      'Name must not contain a NUL character',
    ],
    [
      'contact message',
      contactMessageSchema,
      { name: 'A', email: account.email, subject: 'general', message: `Hi${NUL}` },
      'Message must not contain a NUL character',
    ],
    ['newsletter email', newsletterSubscribeSchema, { email: `a${NUL}@example.com` }, 'Email must not contain a NUL character'],
    [
      'recipient',
      sendEmailSchema,
      { recipient: `a${NUL}@example.com`, subject: 'S', message: 'M' },
      'Recipient email must not contain a NUL character',
    ],
    [
      'mail subject',
      sendEmailSchema,
      { recipient: 'a@example.com', subject: `S${NUL}`, message: 'M' },
      'Subject must not contain a NUL character',
    ],
    ['q', searchQuerySchema, { q: `bitcoin${NUL}` }, 'q must not contain a NUL character'],
    ['username filter', listQuerySchema('twitter'), { username: `a${NUL}` }, 'username must not contain a NUL character'],
    ['location', listQuerySchema('instagram'), { location: `Paris${NUL}` }, 'location must not contain a NUL character'],
  ])('%s', (_field, schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });
});
