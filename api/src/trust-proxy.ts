import { isIP } from 'node:net';

/**
 * What Fastify's `trustProxy` gets from TRUST_PROXY: nothing (forwarded headers are ignored and the
 * client is the peer), or the addresses and CIDR ranges of the proxies in front. Only then do
 * per-address limits (sign-up, failed sign-ins, links, contact) and log lines see the real client:
 * behind a balancer without it, every user shares the balancer's address. A hop count is refused:
 * it cannot tell the balancer from a client that connects directly and forges the header (Fastify
 * itself now ignores forwarded headers under a hop count, for that reason).
 */
export type TrustProxy = false | string[];

// proxy-addr's (Fastify's) names for the usual private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be a comma-separated list of the proxies\' addresses or CIDR ranges (or loopback, linklocal, uniquelocal); a hop count or "true" would let a client that reaches the server directly choose its own address';

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // At least one bit: a /0 trusts every address, so any client would choose its own (and
  // proxy-addr throws on it at start, a stack trace instead of this message).
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The parsed TRUST_PROXY, or undefined when the value is not one (the message says what is). */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value === '') return false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : undefined;
}
