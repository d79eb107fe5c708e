import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** A resolver with dns.promises.lookup's `all: true` shape; tests pass one that answers what they need. */
export type ResolveAll = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

const RESOLVE_TIMEOUT_MS = 5_000;

const systemResolve: ResolveAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * Outgoing requests to addresses users give us (webhook URLs, scrape-task URLs) connect only to
 * public addresses: this module resolves and checks them; fetch-public.ts connects.
 */

/** Where a request connects: the URL as given and the one address checked for it (pinned for the connection). */
export interface PublicTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * `refused`: the host is, or resolves to, an address we never connect to (permanent).
 * `unresolved`: DNS gave no answer (may be passing: a delivery retries it).
 */
export class PublicTargetError extends Error {
  constructor(
    readonly reason: 'refused' | 'unresolved',
    message: string,
  ) {
    super(message);
    this.name = 'PublicTargetError';
  }
}

// Global unicast IPv6 (RFC 4291): anything outside it (IPv4-compatible, discard, site-local…) is not a public host.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * True only for a public unicast address. ipaddr.js names the special ranges: loopback, private
 * (10/8, 172.16/12, 192.168/16), linkLocal (169.254/16, the cloud metadata address included),
 * carrierGradeNat (100.64/10), unspecified (0/8), multicast, broadcast, reserved; in IPv6
 * uniqueLocal (fc00::/7), linkLocal, loopback, and the prefixes that embed an IPv4 address
 * (6to4, Teredo, NAT64), which could lead back inside. An IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(IPV6_GLOBAL_UNICAST);
}

/**
 * Names that only mean something inside a network: single labels (resolved through search
 * domains), localhost, mDNS (.local), RFC 8375's home.arpa, and cloud-internal names such as
 * metadata.google.internal. Refused before any DNS lookup; the address check catches the rest.
 */
function isInternalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return (
    ['localhost', 'local', 'internal', 'home.arpa', 'lan', 'intranet'].some((suffix) => name === suffix || name.endsWith(`.${suffix}`)) ||
    name === 'metadata.goog'
  );
}

/** True when the URL's host is an address literal or an internal name we would refuse: checked before any DNS lookup. */
export function isRefusedLiteral(rawUrl: string): boolean {
  try {
    const host = new URL(rawUrl).hostname.replace(/^\[(.*)\]$/, '$1');
    return ipaddr.isValid(host) ? !isPublicAddress(host) : isInternalName(host);
  } catch {
    return true;
  }
}

export interface ResolveOptions {
  /** Tests and development only: skips the address checks. */
  allowPrivate: boolean;
  resolve?: ResolveAll;
  /** The field named in messages, e.g. `webhookUrl`. */
  field: string;
  /** The refusal's message (the contracts' wording for the field). */
  refusedMessage: string;
}

/**
 * Resolves a URL's host and checks every address it resolves to (one private answer
 * among public ones is enough to refuse: the connection could pick it). The answer is the first
 * address, which the delivery then connects to, so a second DNS answer (rebinding) can't swap it.
 */
export async function resolvePublicTarget(rawUrl: string, options: ResolveOptions): Promise<PublicTarget> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PublicTargetError('refused', options.refusedMessage);
  // WHATWG URL has already turned 0x7f.1, 2130706433 and friends into dotted IPv4; IPv6 keeps its brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const refuse = () => new PublicTargetError('refused', options.refusedMessage);

  if (ipaddr.isValid(host)) {
    if (!options.allowPrivate && !isPublicAddress(host)) throw refuse();
    return { url, address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 };
  }
  if (!options.allowPrivate && isInternalName(host)) throw refuse();

  let answers: ReadonlyArray<{ address: string; family: number }>;
  let timer: NodeJS.Timeout | undefined;
  try {
    // getaddrinfo has no deadline of its own; a silent resolver must not hold a request or a delivery.
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('DNS timeout')), RESOLVE_TIMEOUT_MS);
    });
    answers = await Promise.race([(options.resolve ?? systemResolve)(host), timeout]);
  } catch {
    throw new PublicTargetError('unresolved', `${options.field} host ${host} could not be resolved`);
  } finally {
    clearTimeout(timer);
  }
  const first = answers[0];
  if (!first) throw new PublicTargetError('unresolved', `${options.field} host ${host} could not be resolved`);
  if (!options.allowPrivate && !answers.every((answer) => isPublicAddress(answer.address))) throw refuse();
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
