import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps read it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Coinsight';

/** The TOTP of a base32 secret, labelled with the account's email for the authenticator's list. */
export function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step of `code` if it is right at `now`, one step either side allowed for clock drift;
 * null otherwise. The caller refuses a step already used (replay).
 */
export function acceptedStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, ISSUER).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

// The secret is stored encrypted under a key derived from the server's signing secret (JWT_SECRET,
// the same on every instance): a copy of the database alone computes no code. Changing JWT_SECRET
// makes stored secrets unreadable: such accounts sign in with a recovery code and enrol again.
const keys = new Map<string, Buffer>();
function keyOf(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'coinsight', 'two-factor secret', 32));
    keys.set(serverSecret, key);
  }
  return key;
}

export function encryptSecret(base32: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The base32 secret, or null when it was sealed under another server secret (or altered). */
export function decryptSecret(sealed: string, serverSecret: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
