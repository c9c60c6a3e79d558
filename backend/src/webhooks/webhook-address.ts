import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery: a webhook is a URL an admin types, and the server calls it. Without this rule a
 * webhook could reach what only the server can reach (the database, the cloud's metadata service with its
 * credentials, an admin port on localhost). Each range says why it is refused, for the admin and lastError.
 */
const REFUSED_RANGES: Array<{ reason: string; ranges: Array<[string, number, 'ipv4' | 'ipv6']> }> = [
  // Before the link-local range that holds them: the reason names what an attacker is after.
  {
    reason: 'a cloud metadata address',
    ranges: [
      ['169.254.169.254', 32, 'ipv4'],
      ['fd00:ec2::254', 128, 'ipv6'],
    ],
  },
  {
    reason: 'a loopback address',
    ranges: [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  },
  {
    reason: 'an unspecified address',
    ranges: [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  },
  {
    reason: 'a private address',
    ranges: [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ],
  },
  { reason: 'a shared (carrier-grade NAT) address', ranges: [['100.64.0.0', 10, 'ipv4']] },
  {
    reason: 'a link-local address',
    ranges: [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  },
  {
    reason: 'a multicast address',
    ranges: [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  },
  {
    reason: 'a reserved address',
    ranges: [
      ['192.0.0.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      ['2001:db8::', 32, 'ipv6'],
    ],
  },
  // IPv6 addresses that carry an IPv4 address a relay or translator may deliver to (10.0.0.5 inside
  // 64:ff9b::a00:5 reaches 10.0.0.5 through a NAT64 gateway): refused whole, whatever IPv4 address they hold.
  {
    reason: 'a NAT64 address',
    ranges: [
      ['64:ff9b::', 96, 'ipv6'],
      ['64:ff9b:1::', 48, 'ipv6'],
    ],
  },
  // After loopback (::1) and unspecified (::), which lie inside it.
  { reason: 'an IPv4-compatible address', ranges: [['::', 96, 'ipv6']] },
  { reason: 'a 6to4 address', ranges: [['2002::', 16, 'ipv6']] },
  { reason: 'a Teredo address', ranges: [['2001::', 32, 'ipv6']] },
];

const BLOCK_LISTS = REFUSED_RANGES.map(({ reason, ranges }) => {
  const list = new BlockList();
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return { reason, list };
});

/**
 * An IPv6 address in one spelling (`0:0:0:0:0:ffff:7f00:1`, `::FFFF:127.0.0.1` → `::ffff:7f00:1`), as URLs write
 * it; anything else unchanged.
 */
function canonical(address: string): string {
  if (isIP(address) !== 6) return address;
  return URL.parse(`http://[${address}]/`)?.hostname.replace(/^\[|\]$/g, '') ?? address;
}

/** `::ffff:127.0.0.1` and its hex spelling `::ffff:7f00:1` reach the IPv4 address: judged as that address. */
function unmapped(address: string): string {
  const [, highHex, lowHex] = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address) ?? [];
  if (highHex !== undefined && lowHex !== undefined) {
    const high = parseInt(highHex, 16);
    const low = parseInt(lowHex, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** Why a webhook may not call this IP address (e.g. `a private address`), or undefined when it may. */
export function refusedBecause(address: string): string | undefined {
  const plain = unmapped(canonical(address.replace(/^\[|\]$/g, '')));
  const version = isIP(plain);
  if (version === 0) return 'not an IP address';
  const type = version === 4 ? 'ipv4' : 'ipv6';
  return BLOCK_LISTS.find(({ list }) => list.check(plain, type))?.reason;
}

/** The host of a URL as `dns.lookup` and `isIP` take it (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

const SAVE_LOOKUP_MS = 3000;

/**
 * The check when an endpoint is saved: a literal refused address, or a name that resolves to one, answers why
 * (`10.0.0.5 is a private address`). A name that does not resolve now is accepted: the check that protects is
 * the one at send time, and an endpoint may be set up before its DNS record.
 */
export async function refusedAtSave(url: URL): Promise<string | undefined> {
  const host = hostOf(url);
  if (isIP(host) !== 0) {
    const reason = refusedBecause(host);
    return reason && `${host} is ${reason}`;
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await Promise.race([
      lookup(host, { all: true }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow DNS')), SAVE_LOOKUP_MS).unref()),
    ]);
  } catch {
    return undefined;
  }
  for (const { address } of addresses) {
    const reason = refusedBecause(address);
    if (reason) return `${host} resolves to ${address}, ${reason}`;
  }
  return undefined;
}

/** Who calls an admin's URL, in the words of its 400s: a webhook, or a route's chat channel. */
export interface UrlCaller {
  /** A URL of the kind expected, for the message of one that cannot be read. */
  example: string;
  /** Says what cannot be called: `Webhooks cannot call`. */
  refusal: string;
}

/**
 * The URL an admin typed, checked before it is stored: https:// (or http:// with ALLOW_HTTP_WEBHOOKS), and not an
 * address only the server can reach, a literal one or a name that resolves to one now (the check at send time is
 * the one that protects; this one tells the admin early). ALLOW_PRIVATE_WEBHOOKS lifts the address rule. Answers
 * the URL as stored, or the problem for the admin.
 */
export async function checkedCallUrl(
  raw: string,
  rules: { allowHttp: boolean; allowPrivate: boolean },
  caller: UrlCaller,
): Promise<{ url: string } | { problem: string }> {
  const url = URL.parse(raw);
  if (!url) return { problem: `Please provide a full URL, such as ${caller.example}` };
  if (url.protocol !== 'https:' && !(rules.allowHttp && url.protocol === 'http:')) {
    return { problem: rules.allowHttp ? 'The URL must start with https:// or http://' : 'The URL must start with https://' };
  }
  const refused = rules.allowPrivate ? undefined : await refusedAtSave(url);
  if (refused) return { problem: `${caller.refusal} addresses inside the network: ${refused}` };
  return { url: url.toString() };
}
