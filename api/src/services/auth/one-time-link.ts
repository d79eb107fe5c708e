import type { Db } from '@coinsight/db';
import { sql } from 'kysely';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import { sendMail } from '../mail/send.js';
import type { RateLimit } from '../rate-limit.js';
import { accountKey } from './throttle.js';
import { newLinkToken, tokenHash } from './tokens.js';
import { newId } from './users.js';

/**
 * Every link the product mails (account confirmation, email change, sign-in link, password
 * reset) is made here: a fresh 256-bit token, of which only the SHA-256 is stored, valid for
 * `ttlMs` from the clock, in a URL built from PUBLIC_URL (never from the request's Host header).
 */
export function newOneTimeLink(
  deps: Pick<ServiceDeps, 'publicUrl' | 'now'>,
  input: { path: string; ttlMs: number },
): { url: string; tokenHash: string; expiresAt: Date } {
  const token = newLinkToken();
  return {
    url: `${deps.publicUrl}${input.path}?token=${encodeURIComponent(token)}`,
    tokenHash: tokenHash(token),
    expiresAt: new Date(deps.now().getTime() + input.ttlMs),
  };
}

/** The tables of links that are used once and then spent (`used_at`): all have the same columns. */
export type SpentLinkTable = 'password_resets' | 'login_links' | 'email_verifications';

/** The open (unused, unexpired) link of `token`, if any: a lookup, nothing spent. */
export function findOpenLink(db: Db, table: SpentLinkTable, token: string, now: Date): Promise<{ id: string } | undefined> {
  return db
    .selectFrom(table)
    .select('id')
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Spends the open link of `token` and answers whose it was; undefined for a link that is
 * unknown, used or expired. Claiming and checking are one statement, so two uses cannot both win.
 */
export function claimLink(db: Db, table: SpentLinkTable, token: string, now: Date): Promise<{ id: string; user_id: string } | undefined> {
  return db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/**
 * Uses the open link of `token`: claims it (as claimLink) and spends the user's other open links of
 * the table, since one use is enough. Undefined, and nothing spent, for an unknown, used or expired link.
 */
export async function useLink(
  db: Db,
  table: SpentLinkTable,
  token: string,
  now: Date,
): Promise<{ id: string; user_id: string } | undefined> {
  const link = await claimLink(db, table, token, now);
  if (link) await spendOpenLinks(db, table, link.user_id, now);
  return link;
}

/** Spends the user's other open links of the table: one use is enough. */
export async function spendOpenLinks(db: Db, table: SpentLinkTable, userId: string, now: Date): Promise<void> {
  await db.updateTable(table).set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** How a link that is unknown, used or expired is refused: the log's event, details and line, and the 400's message. */
export interface LinkRefusal {
  event: string;
  details?: object;
  log: string;
  message: string;
}

/**
 * Refuses a link that is unknown, used or expired: logged under the kind's event (never with the
 * token), answered 400 with the kind's message, which says what to do instead.
 */
export function refuseLink(deps: Pick<ServiceDeps, 'log'>, refusal: LinkRefusal): never {
  deps.log.info({ event: refusal.event, ...refusal.details }, refusal.log);
  throw new AppError('BAD_REQUEST', refusal.message);
}

/**
 * Follows a mailed link: counts the attempt against the caller's address (linkAttemptsByIp), runs
 * `use` in one transaction, where it claims the link and acts on it, and refuses the link when
 * `use` answers null. A link that changed the account names it with `changed`: that user's cached
 * sessions are forgotten, so the next request reads the change.
 */
export async function followLink<T>(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'limits' | 'sessions'>,
  input: { use: (trx: Db, now: Date) => Promise<T | null>; refusal: LinkRefusal; changed?: (result: T) => string },
  caller: Caller<'client'>,
): Promise<T> {
  await deps.limits.linkAttemptsByIp.consume(caller.client.ip);
  const result = await deps.db.transaction().execute((trx) => input.use(trx, new Date()));
  if (result === null) return refuseLink(deps, input.refusal);
  if (input.changed) deps.sessions.forgetUser(input.changed(result));
  return result;
}

/** What tells one link asked for by address from another (password reset, sign-in link). */
export interface OneTimeLink {
  /** Where the link's token is kept (hashed), under ids of `idPrefix`, valid for `ttlMs`. */
  store: { table: 'password_resets' | 'login_links'; idPrefix: 'pwr' | 'lnk'; ttlMs: number };
  /** The page the link opens, under PUBLIC_URL, and the mail that carries it. */
  page: { path: string; mail: (to: string, username: string, link: string) => MailMessage };
  /**
   * Requests from one address, counted before anything else; mails to one account: past it nothing
   * is sent, and the answer stays the same.
   */
  limits: { requestsByIp: RateLimit; mailsByAccount: RateLimit };
  /** The log's event names for a link sent, one held back by the account's limit, and a failure. */
  events: { sent: string; throttled: string; failed: string };
  /** The answer to every request (account or not), and the 503's when the link could not be recorded or sent. */
  messages: { sent: string; unavailable: string };
}

/** The dependencies of mailing a one-time link. */
export type MailLinkDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'limits' | 'log' | 'publicUrl' | 'now' | 'background'>;

const RETRY_AFTER_SECONDS = 60;

/**
 * Mails a one-time link to the account of `email`, answering the same, in the same time, whether
 * or not there is one: before the answer only what every address costs alike is done (the
 * address's request counted, the database asked whether it answers, so an outage is 503 for
 * both); the account's lookup, its mail limit, the recorded token and the mail run after the
 * answer (deps.background), so neither a lookup nor a slow SMTP server shows in its timing. A
 * failure there is logged under the link's failed event and gives the account's mail back.
 * Password resets and sign-in links both use it (their texts and limits stay their own); it
 * answers the link's sent message.
 */
export async function mailOneTimeLink(
  deps: Omit<MailLinkDeps, 'limits'>,
  input: { email: string; link: OneTimeLink },
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  const { db, log } = deps;
  const { email, link: kind } = input;
  const { ip } = caller.client;
  await kind.limits.requestsByIp.consume(ip);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await kind.limits.requestsByIp.refund(ip).catch(() => undefined);
    log.error({ err: error, event: kind.events.failed }, 'one-time link could not be recorded or sent');
    throw new AppError('SERVICE_UNAVAILABLE', kind.messages.unavailable, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  deps.background.run(kind.events.sent, () => sendOneTimeLink(deps, { email, kind, ip }));
  return { message: kind.messages.sent };
}

/** After the answer: looks the address up and, for an account under its mail limit, records and mails the link. */
async function sendOneTimeLink(deps: Omit<MailLinkDeps, 'limits'>, input: { email: string; kind: OneTimeLink; ip: string }): Promise<void> {
  const { db, log } = deps;
  const { email, kind, ip } = input;
  const account = accountKey(email);
  const underLimit = await kind.limits.mailsByAccount.consume(account).then(
    () => true,
    () => false,
  );
  try {
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (!user) return;
    if (!underLimit) {
      log.warn({ event: kind.events.throttled, userId: user.id }, 'one-time link not sent: too many requests for this account');
      return;
    }
    const link = newOneTimeLink(deps, { path: kind.page.path, ttlMs: kind.store.ttlMs });
    await db
      .insertInto(kind.store.table)
      .values({ id: newId(kind.store.idPrefix), user_id: user.id, token_hash: link.tokenHash, expires_at: link.expiresAt, used_at: null })
      .execute();
    await sendMail(deps, { message: kind.page.mail(user.email, user.username, link.url), when: 'now' });
    log.info({ event: kind.events.sent, userId: user.id, ip }, 'one-time link sent');
  } catch (error) {
    // Nothing went out: the account keeps its mails.
    if (underLimit) await kind.limits.mailsByAccount.refund(account).catch(() => undefined);
    log.error({ err: error, event: kind.events.failed }, 'one-time link could not be recorded or sent');
  }
}
