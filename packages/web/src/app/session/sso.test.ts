import { describe, expect, it } from 'vitest';
import { oidcLoginBody, readEntry, renewalDelayMs, throttleLeading } from './sso.ts';

describe('single sign-on entry', () => {
  it('reads the provider, code and state from the query, or code and state from the hash', () => {
    expect(readEntry('?oidc=corp&code=c1&state=s1&redirect=%2Fcontracts', '', {})).toMatchObject({
      oidc: 'corp',
      code: 'c1',
      state: 's1',
      redirect: '/contracts',
    });
    expect(readEntry('', '#code=c2&state=s2', { oidc: 'stored' })).toMatchObject({
      oidc: 'stored',
      code: 'c2',
      state: 's2',
    });
    expect(readEntry('?access_token=a', '', { oidc: 'corp' })).toMatchObject({ oidc: 'corp', accessToken: 'a' });
    expect(readEntry('?accessToken=b', '', { oidc: 'corp' }).accessToken).toBe('b');
    expect(readEntry('?saml=idp&token=t&sessionIndex=_s&nameId=n', '', {})).toMatchObject({
      saml: 'idp',
      token: 't',
      sessionIndex: '_s',
      nameId: 'n',
    });
  });

  it('autoOidc: 1 or true forces, 0 or false disables, absent leaves it open; no provider parameter, no provider', () => {
    expect(readEntry('?oidc=x&autoOidc=1', '', {}).autoOidc).toBe(true);
    expect(readEntry('?oidc=x&autoOidc=true', '', {}).autoOidc).toBe(true);
    expect(readEntry('?oidc=x&autoOidc=0', '', {}).autoOidc).toBe(false);
    expect(readEntry('?oidc=x&autoOidc=false', '', {}).autoOidc).toBe(false);
    expect(readEntry('?oidc=x', '', {}).autoOidc).toBeUndefined();
    // A stored provider is used only to finish a sign-in under way.
    expect(readEntry('', '', { oidc: 'stored' }).oidc).toBeUndefined();
  });
});

describe('refresh-token renewal (spec 000 §4, threshold 600 s)', () => {
  const now = 1_000_000_000_000;
  const iatAgo = (seconds: number) => now / 1000 - seconds;
  it('renews at once at or below the threshold, later above it', () => {
    expect(renewalDelayMs(iatAgo(0), 3600, now)).toBe((3600 - 600) * 1000);
    expect(renewalDelayMs(iatAgo(3000), 3600, now)).toBe(0);
    expect(renewalDelayMs(iatAgo(3500), 3600, now)).toBe(0);
    expect(renewalDelayMs(iatAgo(0), 606, now)).toBe(6000);
  });
  it('never once expired, never when the whole lifetime is below the threshold, nor without a token', () => {
    expect(renewalDelayMs(iatAgo(3600), 3600, now)).toBeUndefined();
    expect(renewalDelayMs(iatAgo(0), 599, now)).toBeUndefined();
    expect(renewalDelayMs(undefined, 3600, now)).toBeUndefined();
    expect(renewalDelayMs(iatAgo(0), 300, now, 120)).toBe(180_000);
  });
});

describe('keep-alive throttle (5,000 ms, leading call)', () => {
  it('runs the first call at once, then at most once per wait', () => {
    let clock = 0;
    const calls: number[] = [];
    const ping = throttleLeading(
      () => calls.push(clock),
      5000,
      () => clock,
    );
    expect(ping()).toBe(true);
    clock = 4999;
    expect(ping()).toBe(false);
    clock = 5000;
    expect(ping()).toBe(true);
    clock = 9000;
    ping();
    expect(calls).toEqual([0, 5000]);
  });
});

describe('the OpenID way back passes on the issuer (RFC 9207)', () => {
  const stored = { oidc: 'corp', state: 's1', nonce: 'n1', codeVerifier: 'v1' };
  it('reads iss from the query or the hash and sends it with the code', () => {
    const fromQuery = readEntry(`?code=c1&state=s1&iss=${encodeURIComponent('https://idp.example/realm')}`, '', stored);
    expect(fromQuery.iss).toBe('https://idp.example/realm');
    expect(oidcLoginBody(fromQuery, stored)).toEqual({
      code: 'c1',
      state: 's1',
      nonce: 'n1',
      codeVerifier: 'v1',
      iss: 'https://idp.example/realm',
    });
    const fromHash = readEntry('', `#code=c2&state=s1&iss=${encodeURIComponent('https://idp.example')}`, stored);
    expect(oidcLoginBody(fromHash, stored).iss).toBe('https://idp.example');
  });
  it('sends no iss when the provider named none, and none with an access token', () => {
    expect(oidcLoginBody(readEntry('?code=c1&state=s1', '', stored), stored)).not.toHaveProperty('iss');
    expect(oidcLoginBody(readEntry('?access_token=a&iss=x', '', stored), stored)).toEqual({ accessToken: 'a' });
  });
});
