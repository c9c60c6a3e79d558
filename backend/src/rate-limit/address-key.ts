import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit a per-address limit counts: an IPv4 address, or the /64 network of an IPv6 address, because one
 * subscriber usually holds a whole /64 and could otherwise take a fresh address for every request.
 */
export function addressKey(ip: string): string {
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mappedV4 !== undefined) return mappedV4;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, …, 1). */
function expandIPv6(ip: string): string[] {
  const withoutZone = ip.replace(/%.*/s, '').toLowerCase();
  const [head, tail] = withoutZone.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail (e.g. ::ffff:1.2.3.4 in another prefix) counts as two groups.
  const toGroups = (groups: string[]) => groups.flatMap((group) => (group.includes('.') ? ['v4', 'v4'] : [group]));
  const left = toGroups(headGroups);
  const right = toGroups(tailGroups);
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => (group === 'v4' ? group : String(parseInt(group, 16).toString(16))));
}
