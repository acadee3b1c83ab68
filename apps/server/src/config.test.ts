import { describe, expect, it } from 'vitest';
import { configOf, configFailureOf as failureOf } from './test/config-fixtures.ts';

/** The hops a trustProxy function trusts among the first `count` (0 is the peer that connected). */
function trustedHops(env: Record<string, string>, count = 5): number[] {
  const { trustProxy } = configOf(env);
  if (typeof trustProxy !== 'function') throw new Error(`expected a hop count, got ${JSON.stringify(trustProxy)}`);
  return Array.from({ length: count }, (_, hop) => hop).filter((hop) => trustProxy('10.0.0.1', hop));
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, nor when it is false or 0', () => {
    expect(configOf({}).trustProxy).toBe(false);
    expect(configOf({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(configOf({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(configOf({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses true, which would let any client choose its own address', () => {
    expect(failureOf({ TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY: true would believe any client about its own address.*number of proxies.*e\.g\. 1.*their addresses/,
    );
  });

  it('reads a hop count as the number of proxies in front, counted from this server', () => {
    expect(trustedHops({ TRUST_PROXY: '1' })).toEqual([0]);
    expect(trustedHops({ TRUST_PROXY: '2' })).toEqual([0, 1]);
  });

  it('reads a comma-separated list of addresses, CIDR ranges and range names', () => {
    expect(
      configOf({ TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16,fd00::/8 , ::1, loopback,uniquelocal ' }).trustProxy,
    ).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8', '::1', 'loopback', 'uniquelocal']);
  });

  it.each([
    ['yes', 'is not an IP address'],
    ['10.0.0.300', 'is not an IP address'],
    ['10.0.0.0/33', 'is not an IP address'],
    ['10.0.0.0/', 'is not an IP address'],
    ['10.0.0.0/8/8', 'is not an IP address'],
    ['proxy.internal', 'is not an IP address'],
    ['1.5', 'is not an IP address'],
    ['0.0.0.0/0', 'trusts every address'],
    ['::/0', 'trusts every address'],
  ])('refuses %s with a clear message', (value, message) => {
    const failure = failureOf({ TRUST_PROXY: `10.0.0.1, ${value}` });
    expect(failure).toContain(`TRUST_PROXY: "${value}" ${message}`);
  });

  it('does not leak the variable into the config beside its parsed form', () => {
    expect(configOf({ TRUST_PROXY: '1' })).not.toHaveProperty('TRUST_PROXY');
  });
});

describe('sign-in lockout settings', () => {
  it('locks an address after 10 failures in 15 minutes by default', () => {
    const config = configOf({});
    expect(config.SIGN_IN_LOCK_ATTEMPTS).toBe(10);
    expect(config.SIGN_IN_LOCK_WINDOW_MS).toBe(15 * 60_000);
  });

  it('takes other whole numbers and refuses anything else', () => {
    const config = configOf({ SIGN_IN_LOCK_ATTEMPTS: '5', SIGN_IN_LOCK_WINDOW_MS: '60000' });
    expect(config.SIGN_IN_LOCK_ATTEMPTS).toBe(5);
    expect(config.SIGN_IN_LOCK_WINDOW_MS).toBe(60_000);
    expect(failureOf({ SIGN_IN_LOCK_ATTEMPTS: '0' })).toContain('SIGN_IN_LOCK_ATTEMPTS must be a whole number from 1');
    expect(failureOf({ SIGN_IN_LOCK_WINDOW_MS: 'soon' })).toContain(
      'SIGN_IN_LOCK_WINDOW_MS must be a whole number of milliseconds from 1',
    );
  });
});
