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

  it('reads an address in URL brackets', () => {
    expect(refusedBecause('[::1]')).toBe('a loopback address');
  });
});
