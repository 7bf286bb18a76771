import { describe, expect, it } from 'vitest';
import { addressNumber, addressPolicy, parseRange } from './address-ranges.ts';

const allowedBy = (rules: { allow?: string[]; deny?: string[] }) => {
  const judge = addressPolicy({ allow: rules.allow ?? [], deny: rules.deny ?? [] });
  return (address: string) => judge(address).allowed;
};

describe('the address ranges of imports by address', () => {
  const byDefault = allowedBy({});

  it('refuses loopback, private, shared, link-local, metadata, multicast and reserved IPv4 addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '169.254.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
    ]) {
      expect(byDefault(address), address).toBe(false);
    }
  });

  it('refuses the same in IPv6, IPv4-mapped addresses of them, and prefixes that carry an IPv4 address', () => {
    for (const address of [
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '[::1]',
    ]) {
      expect(byDefault(address), address).toBe(false);
    }
  });

  it('allows public addresses, and refuses what is not an address', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111']) {
      expect(byDefault(address), address).toBe(true);
    }
    expect(byDefault('::ffff:8.8.8.8')).toBe(true);
    expect(byDefault('example.com')).toBe(false);
  });

  it("follows the operator's most specific range", () => {
    const oneLoopback = allowedBy({ allow: ['127.0.0.1/32'] });
    expect(oneLoopback('127.0.0.1')).toBe(true);
    expect(oneLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(oneLoopback('127.0.0.2')).toBe(false);

    const intranet = allowedBy({ allow: ['10.0.0.0/8'], deny: ['10.0.0.5'] });
    expect(intranet('10.2.3.4')).toBe(true);
    expect(intranet('10.0.0.5')).toBe(false);

    const only = allowedBy({ allow: ['93.184.216.0/24', '2606:4700::/32'], deny: ['0.0.0.0/0', '::/0'] });
    expect(only('93.184.216.34')).toBe(true);
    expect(only('2606:4700::1111')).toBe(true);
    expect(only('8.8.8.8')).toBe(false);
    expect(only('127.0.0.1')).toBe(false);

    expect(allowedBy({ allow: ['8.8.8.8'], deny: ['8.8.8.8/32'] })('8.8.8.8')).toBe(false);
    expect(addressPolicy({ allow: ['127.0.0.1/32'], deny: [] })('127.0.0.1').byOperator).toBe(true);
    expect(addressPolicy({ allow: [], deny: [] })('8.8.8.8').byOperator).toBe(false);
  });

  it('reads ranges and addresses', () => {
    expect(parseRange('10.0.0.0/8')).toEqual({ version: 4, base: 0x0a000000n, bits: 8 });
    expect(parseRange('10.1.2.3/8')).toEqual({ version: 4, base: 0x0a000000n, bits: 8 });
    expect(parseRange('fd00::/8')).toEqual({ version: 6, base: 0xfdn << 120n, bits: 8 });
    expect(parseRange('::1')).toEqual({ version: 6, base: 1n, bits: 128 });
    for (const bad of ['10.0.0.0/33', '::/129', 'example.com', '10.0.0/8', '1.2.3.4/8/9', 'loopback', '']) {
      expect(parseRange(bad), bad).toBeUndefined();
    }
    expect(addressNumber('::ffff:10.0.0.1')).toEqual({ version: 4, value: 0x0a000001n });
    expect(addressNumber('1:2:3:4:5:6:7:8')).toEqual({ version: 6, value: 0x00010002000300040005000600070008n });
  });
});
