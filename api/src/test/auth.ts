import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const GOOD_PASSWORD = 'Tr1cky-Lynx-42';

// A random start: with TEST_REDIS_URL, counters outlive the run (an hour per address), so a fixed
// sequence would meet its own sign-up limit after a few runs.
let counter = randomInt(1, 2 ** 24 - 100_000);

/** A fresh, valid sign-up body: unique per call, so tests never collide. */
export function newAccount(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `user_${tag}`, email: `user.${tag}@example.com`, password: GOOD_PASSWORD, ...overrides };
}

/** A different client address for each call, so sign-ups in a test never hit the per-address limit. */
export function nextAddress(): string {
  counter += 1;
  // The low bits vary the /24 network, not only the address in it: sign-ups are limited per network too.
  return `10.${counter & 255}.${(counter >> 8) & 255}.${(counter >> 16) & 255}`;
}

export async function signup(app: FastifyInstance, body = newAccount()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: nextAddress() });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json() as { token: string; user: { id: string; email: string; username: string } };
  return { token, user, body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new account that asked for a password reset (answered 200, from an address of its own); its sign-up body. */
export async function signupAndForgetPassword(app: FastifyInstance) {
  const { body } = await signup(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: body.email },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`forgot-password failed: ${res.statusCode} ${res.body}`);
  return body;
}

// Mail goes out after the answer; a loaded machine can take seconds to get it there.
const MAIL_WAIT_MS = 20_000;

/**
 * Every sign-up mails a link confirming the address. The helpers below leave that mail out, so a
 * test waiting for another mail (a reset link…) never takes it for its own; confirmationMailTo reads it.
 */
export const CONFIRMATION_SUBJECT = 'Confirm your Coinsight email address';

/** The latest mail to `to` in the outbox (the mail transport without SMTP_URL), sign-up confirmation left out. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline;) {
    const row = await app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .where('subject', '!=', CONFIRMATION_SUBJECT)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (row) return row;
    // Mail is sent after the answer, so it may land a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/** Waits until `to` has at least `count` mails in the outbox (sign-up confirmation left out); answers them oldest first. */
export async function mailsTo(app: FastifyInstance, to: string, count: number, options: { withConfirmation?: boolean } = {}) {
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline;) {
    const rows = await app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .$if(!options.withConfirmation, (qb) => qb.where('subject', '!=', CONFIRMATION_SUBJECT))
      .orderBy('id')
      .execute();
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

export function resetTokenFrom(text: string): string {
  const match = text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

/** The token of the newest sign-up confirmation link mailed to `to`, once it has landed. */
export async function confirmationTokenFor(app: FastifyInstance, to: string): Promise<string> {
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline;) {
    const row = await app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', to)
      .where('subject', '=', CONFIRMATION_SUBJECT)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const match = row?.text_body.match(/\/confirm-email\?token=([A-Za-z0-9_-]{43})\n/);
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no confirmation link to ${to}`);
}

/**
 * Marks the user's address verified, as opening the sign-up link would, for tests that are not
 * about verification (email alerts, Send Email and API keys need a verified address: docs/security.md §25).
 */
export async function verifyEmail(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
  // A session read in the last second still says unverified; the instance forgets it at once.
  app.deps.sessions.forgetUser(userId);
}

/** signup() whose address is verified already. */
export async function verifiedSignup(app: FastifyInstance, body = newAccount()) {
  const account = await signup(app, body);
  await verifyEmail(app, account.user.id);
  return account;
}
