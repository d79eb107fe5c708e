import ipaddr from 'ipaddr.js';

/**
 * INTERNAL_NETWORKS: the networks that may read what only the operator's own machines should
 * (GET /metrics, the detail of GET /readyz). The client is the address Fastify computes (the peer,
 * or with TRUST_PROXY the first address the trusted proxies name). Without TRUST_PROXY a request
 * that carries a forwarded header came through a proxy and so is never internal: a balancer left
 * without TRUST_PROXY, whose own private address every client would otherwise share, cannot
 * expose them.
 */
export const DEFAULT_INTERNAL_NETWORKS = '127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7';

export const INTERNAL_NETWORKS_MESSAGE =
  'INTERNAL_NETWORKS must be a comma-separated list of addresses or CIDR ranges (e.g. 127.0.0.0/8,10.0.0.0/8,fc00::/7)';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function rangeOf(entry: string): Range | undefined {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    if (!ipaddr.isValid(entry)) return undefined;
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** The parsed list (default when unset or empty), or undefined when the value is not one. */
export function parseInternalNetworks(value: string | undefined): string[] | undefined {
  const entries = (value === undefined || value.trim() === '' ? DEFAULT_INTERNAL_NETWORKS : value)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length > 0 && entries.every((entry) => rangeOf(entry) !== undefined) ? entries : undefined;
}

/** Whether a client address (IPv4, IPv6, or IPv4-mapped IPv6 as Node reports it) is in one of `networks`. */
export function internalMatcher(networks: readonly string[]): (ip: string) => boolean {
  const ranges = networks.map(rangeOf).filter((range): range is Range => range !== undefined);
  return (ip) => {
    if (!ipaddr.isValid(ip)) return false;
    const address = ipaddr.process(ip);
    return ranges.some(([network, bits]) => address.kind() === network.kind() && address.match(network, bits));
  };
}
