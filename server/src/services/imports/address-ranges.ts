import { isIP } from 'node:net';

/** An IP range: its family, its first address as a number and its prefix length. */
export type AddressRange = { version: 4 | 6; base: bigint; bits: number };

/**
 * Where a web page may not be fetched from unless the operator allows it: this host and its network, private and
 * shared networks, link-local addresses (cloud metadata at 169.254.169.254 among them), documentation, benchmarking,
 * multicast and reserved ranges, and the IPv6 prefixes that carry an IPv4 address inside (NAT64, 6to4, Teredo), which
 * could point at any of the others. IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry.
 */
export const forbiddenRanges = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/32',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
] as const;

function ipv4Number(address: string): bigint {
  return address.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
}

/** An IPv6 address as its 128-bit number, its `::` expanded and a trailing dotted IPv4 part read as two groups. */
function ipv6Number(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const value = ipv4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

const mappedPrefix = 0xffffn << 32n;

/** An address as a family and a number; an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 it carries. */
export function addressNumber(address: string): { version: 4 | 6; value: bigint } | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return { version: 4, value: ipv4Number(bare) };
  if (version !== 6) return undefined;
  const value = ipv6Number(bare);
  if (value >> 32n === mappedPrefix >> 32n) return { version: 4, value: value & 0xffffffffn };
  return { version: 6, value };
}

/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address as a range; undefined when it is neither. */
export function parseRange(text: string): AddressRange | undefined {
  const [address = '', bits, ...rest] = text.trim().split('/');
  const version = isIP(address);
  if ((version !== 4 && version !== 6) || rest.length > 0) return undefined;
  const width = version === 4 ? 32 : 128;
  if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= width)) return undefined;
  const prefix = bits === undefined ? width : Number(bits);
  const value = version === 4 ? ipv4Number(address) : ipv6Number(address);
  const mask = ((1n << BigInt(prefix)) - 1n) << BigInt(width - prefix);
  return { version, base: value & mask, bits: prefix };
}

function contains(range: AddressRange, address: { version: 4 | 6; value: bigint }): boolean {
  if (range.version !== address.version) return false;
  const width = range.version === 4 ? 32 : 128;
  return address.value >> BigInt(width - range.bits) === range.base >> BigInt(width - range.bits);
}

/** What the operator set: ranges allowed although forbidden by default, and ranges forbidden besides the defaults. */
export type AddressRules = { allow: readonly string[]; deny: readonly string[] };

/** How an address is judged: allowed or not, and whether the operator's allow-list is what allowed it. */
export type AddressVerdict = { allowed: boolean; byOperator: boolean };

/**
 * Judges addresses by the most specific range that holds them (the longest prefix, as a routing table does): an
 * operator's allowed range, an operator's forbidden range or a default forbidden range; on a tie the operator's
 * ranges win over the defaults, and among the operator's forbidding wins.
 * An address no range holds is public, and allowed. So `URL_IMPORT_ALLOW=127.0.0.1/32` opens one loopback address
 * and leaves the rest of 127.0.0.0/8 closed, and `URL_IMPORT_DENY=0.0.0.0/0,::/0` with an allow-list allows only it.
 */
export function addressPolicy(rules: AddressRules): (address: string) => AddressVerdict {
  const ranges = (texts: readonly string[], allow: boolean, byOperator: boolean) =>
    texts.flatMap((text) => {
      const range = parseRange(text);
      if (!range) throw new Error(`Not an IP address or CIDR: "${text}"`);
      return [{ range, allow, byOperator }];
    });
  const all = [
    ...ranges(forbiddenRanges, false, false),
    ...ranges(rules.deny, false, true),
    ...ranges(rules.allow, true, true),
  ];
  const rank = (entry: (typeof all)[number]) =>
    entry.range.bits * 4 + (entry.byOperator ? 2 : 0) + (entry.allow ? 0 : 1);
  return (address) => {
    const parsed = addressNumber(address);
    if (!parsed) return { allowed: false, byOperator: false };
    let best: (typeof all)[number] | undefined;
    for (const entry of all) {
      if (contains(entry.range, parsed) && (!best || rank(entry) > rank(best))) best = entry;
    }
    return best ? { allowed: best.allow, byOperator: best.byOperator } : { allowed: true, byOperator: false };
  };
}
