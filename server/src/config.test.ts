import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('believes no forwarded address unless set', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('')).toBe(false);
  });

  it("takes the load balancer's addresses, CIDRs and proxy-addr's range names", () => {
    expect(trustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxy(' 10.0.0.0/8, 192.168.1.1 ,fd00::/8,uniquelocal')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
      'uniquelocal',
    ]);
  });

  it('refuses true, which would believe the addresses a client writes itself', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: true would believe every X-Forwarded-For entry/);
  });

  it('refuses a hop count, which cannot tell the balancer from a client reaching the server directly', () => {
    expect(() => trustProxy('1')).toThrow(/TRUST_PROXY: a hop count cannot tell the load balancer/);
  });

  it('refuses what is not an address or a CIDR', () => {
    for (const value of ['balancer.internal', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129', '10.0.0.0/', '10.0.0.5,']) {
      expect(() => trustProxy(value), value).toThrow(/TRUST_PROXY: not an IP address or CIDR/);
    }
  });
});

describe('signups per address', () => {
  it('allows 30 an hour unless the operator sets another number', () => {
    expect(loadConfig({}).accounts.rateLimits.signupPerIp).toMatchObject({ limit: 30, windowSeconds: 3600 });
    expect(loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' }).accounts.rateLimits.signupPerIp.limit).toBe(1000);
  });
});

describe('URL_IMPORT_ALLOW and URL_IMPORT_DENY', () => {
  it('allow nothing beyond public addresses unless set, and take addresses and CIDRs', () => {
    expect(loadConfig({}).urlImport).toEqual({ allow: [], deny: [], timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
    const set = loadConfig({ URL_IMPORT_ALLOW: ' 10.0.0.0/8, fd00::/8 ', URL_IMPORT_DENY: '10.0.0.5' }).urlImport;
    expect(set).toMatchObject({ allow: ['10.0.0.0/8', 'fd00::/8'], deny: ['10.0.0.5'] });
  });

  it('refuse what is not an address or a CIDR', () => {
    expect(() => loadConfig({ URL_IMPORT_ALLOW: 'loopback' })).toThrow(/URL_IMPORT_ALLOW: not an IP address or CIDR/);
    expect(() => loadConfig({ URL_IMPORT_DENY: '10.0.0.0/40' })).toThrow(/URL_IMPORT_DENY: not an IP address or CIDR/);
  });
});
