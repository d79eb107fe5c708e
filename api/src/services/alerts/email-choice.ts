import { V1_ALERT_OTHER_EMAIL_MESSAGE } from '@coinsight/contracts';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';

/**
 * An alert's `email` as docs/product.md §3's payload writes it: true/false, or an address. The account's own
 * address means true (createAlert then requires it verified, docs/security.md §25); any other address is
 * refused, never mailed: an alert mails only the account that owns it.
 */
export async function alertEmailChoice(
  deps: Pick<ServiceDeps, 'db'>,
  input: { email: boolean | string },
  caller: SignedIn,
): Promise<boolean> {
  if (typeof input.email === 'boolean') return input.email;
  const row = await deps.db.selectFrom('users').select('email').where('id', '=', caller.userId).executeTakeFirstOrThrow();
  if (row.email.toLowerCase() === input.email.trim().toLowerCase()) return true;
  throw new AppError('BAD_REQUEST', V1_ALERT_OTHER_EMAIL_MESSAGE, { param: 'email' });
}
