import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import { LedgeError } from '../../platform/errors.js';

/** An address and port the platform listens on: outbound fetch never reaches it. */
export interface Listener { address: string; port: number }

/**
 * Where outbound fetch of application code may go (docs/runtime.md, "Outbound fetch"). By default only public
 * unicast addresses: loopback, private, link-local, unique-local, carrier-grade NAT, unspecified, multicast,
 * broadcast, reserved and documentation ranges are refused, and so are IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, NAT64, 6to4, Teredo), since they may reach one of those. The platform's own listeners are
 * refused whatever the operator allows. Checked on the address a connection is about to use.
 */
export interface EgressPolicy {
  /** Why a connection to `address:port` is refused, or null when it may go ahead. `host` is the name it came from, when it had one. */
  refusal(address: string, port: number, host?: string): string | null;
  /** Adds a listener of the platform (known only once it listens on a free port). */
  addListener(listener: Listener): void;
}

/** An operator's `--egress-allow` entries: CIDR ranges (`10.0.0.0/8`, `fd00::/8`), addresses, or host names. */
export interface EgressPolicyOptions {
  allow?: readonly string[];
  listeners?: readonly Listener[];
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses the allow entries (a bad entry is a `bad_argument` naming it) and builds the policy. */
export function createEgressPolicy(options: EgressPolicyOptions = {}): EgressPolicy {
  const ranges: Cidr[] = [];
  const hosts = new Set<string>();
  for (const entry of options.allow ?? []) {
    const value = entry.trim().toLowerCase();
    if (value.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(value) as Cidr);
      } catch {
        throw new LedgeError('bad_argument', `--egress-allow: "${entry}" is not a CIDR range (e.g. 10.0.0.0/8, fd00::/8)`);
      }
    } else if (isIP(value.replace(/^\[|\]$/g, ''))) {
      const address = ipaddr.parse(value.replace(/^\[|\]$/g, ''));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/.test(value)) {
      hosts.add(value);
    } else {
      throw new LedgeError('bad_argument', `--egress-allow: "${entry}" is neither a CIDR range, an address nor a host name`);
    }
  }
  const listeners: Listener[] = [];
  const policy: EgressPolicy = {
    refusal(address, port, host) {
      const parsed = parse(address);
      if (!parsed) return `${address} is not an IP address`;
      const plain = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
      for (const listener of listeners) if (listener.port === port && sameAddress(listener.address, plain)) return `${plain.toString()}:${port} is one of the platform's own listeners`;
      if (host !== undefined && hosts.has(host.toLowerCase())) return null;
      if (ranges.some(([base, bits]) => base.kind() === plain.kind() && plain.match([base, bits] as never))) return null;
      const range = plain.range();
      // ::/96 (IPv4-compatible, deprecated) carries an IPv4 address in its last 32 bits, as ::7f00:1 does
      // 127.0.0.1; ipaddr.js calls it unicast, so it is refused here like the other forms that carry one.
      if (range === 'unicast' && plain.kind() === 'ipv6' && plain.match(IPV4_COMPATIBLE)) return `${plain.toString()} is an IPv4-compatible address (it carries an IPv4 address)`;
      if (range === 'unicast') return null;
      return `${plain.toString()} is a ${RANGE_TEXT[range] ?? `${range} address`}`;
    },
    addListener(listener) {
      // A listener on all interfaces is reached through every address of this machine.
      const unspecified = parse(listener.address)?.range() === 'unspecified';
      const addresses = unspecified ? localAddresses() : [listener.address];
      for (const address of addresses) listeners.push({ address, port: listener.port });
    },
  };
  for (const listener of options.listeners ?? []) policy.addListener(listener);
  return policy;
}

/** The deprecated IPv4-compatible IPv6 range (RFC 4291 2.5.5.1). */
const IPV4_COMPATIBLE: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('::'), 96];

const RANGE_TEXT: Record<string, string> = {
  loopback: 'loopback address',
  private: 'private address',
  linkLocal: 'link-local address',
  uniqueLocal: 'unique-local address',
  carrierGradeNat: 'carrier-grade NAT address',
  unspecified: 'unspecified address',
  multicast: 'multicast address',
  broadcast: 'broadcast address',
  reserved: 'reserved address',
  rfc6052: 'NAT64 address (it carries an IPv4 address)',
  rfc6145: 'IPv4-translated address',
  '6to4': '6to4 address (it carries an IPv4 address)',
  teredo: 'Teredo address (it carries an IPv4 address)',
};

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

function sameAddress(a: string, b: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const parsed = parse(a);
  if (!parsed) return false;
  const plain = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  return plain.kind() === b.kind() && plain.toNormalizedString() === b.toNormalizedString();
}

function localAddresses(): string[] {
  const out = ['127.0.0.1', '::1'];
  for (const list of Object.values(networkInterfaces())) for (const entry of list ?? []) out.push(entry.address.replace(/%.*$/, ''));
  return out;
}
