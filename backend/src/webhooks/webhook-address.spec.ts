import { refusedBecause } from './webhook-address';

describe('refusedBecause (which addresses a webhook may not call)', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:0:7f00:1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['10.0.0.5', 'a private address'],
    ['172.16.4.1', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['fc00::1', 'a private address'],
    ['fdab:1::1', 'a private address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['100.127.255.254', 'a shared (carrier-grade NAT) address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['169.254.10.10', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedBecause(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', 'fec0::1'])('lets %s through', (address) => {
    expect(refusedBecause(address)).toBeUndefined();
  });

  // Each range in its compressed, expanded and embedded-IPv4 spellings, with a private and a public IPv4 inside.
  it.each([
    ['64:ff9b::a00:5', 'a NAT64 address'],
    ['64:ff9b::10.0.0.5', 'a NAT64 address'],
    ['64:ff9b::8.8.8.8', 'a NAT64 address'],
    ['0064:ff9b:0000:0000:0000:0000:7f00:0001', 'a NAT64 address'],
    ['64:FF9B::127.0.0.1', 'a NAT64 address'],
    ['64:ff9b:1::a00:5', 'a NAT64 address'],
    ['64:ff9b:1:abcd::10.0.0.5', 'a NAT64 address'],
    ['0064:ff9b:0001:ffff:ffff:ffff:ffff:ffff', 'a NAT64 address'],
    ['::a00:5', 'an IPv4-compatible address'],
    ['::10.0.0.5', 'an IPv4-compatible address'],
    ['::8.8.8.8', 'an IPv4-compatible address'],
    ['0:0:0:0:0:0:808:808', 'an IPv4-compatible address'],
    ['::127.0.0.1', 'an IPv4-compatible address'],
    ['2002:a00:5::', 'a 6to4 address'],
    ['2002:7f00:1::1', 'a 6to4 address'],
    ['2002:0808:0808:0000:0000:0000:0000:0001', 'a 6to4 address'],
    ['2002::10.0.0.5', 'a 6to4 address'],
    ['2001::1', 'a Teredo address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo address'],
    ['2001:0000:ffff:ffff:ffff:ffff:ffff:ffff', 'a Teredo address'],
    ['2001:0::10.0.0.5', 'a Teredo address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedBecause(address)).toBe(reason);
    expect(refusedBecause(`[${address}]`)).toBe(reason);
  });

  it.each([
    ['0:0:0:0:0:ffff:7f00:1', 'a loopback address'],
    ['0000:0000:0000:0000:0000:ffff:10.0.0.1', 'a private address'],
    ['::FFFF:A9FE:A9FE', 'a cloud metadata address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['0:0:0:0:0:0:0:0', 'an unspecified address'],
  ])('reads the expanded or upper-case spelling %s as %s', (address, reason) => {
    expect(refusedBecause(address)).toBe(reason);
  });

  it.each(['64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff', '64:ff9b:2::1', '2003::1', '2001:1::1', '2001:4860:4860::8888', '1::8.8.8.8'])(
    'lets %s, just outside those ranges, through',
    (address) => {
      expect(refusedBecause(address)).toBeUndefined();
    },
  );

  it('reads an address in URL brackets', () => {
    expect(refusedBecause('[::1]')).toBe('a loopback address');
  });
});
