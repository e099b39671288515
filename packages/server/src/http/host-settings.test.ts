import { describe, expect, it } from 'vitest';
import { frameAncestorsProblem, hostSettingsOf } from './host-settings.ts';

describe('frameAncestors: CSP sources only', () => {
  it('accepts keywords, schemes and host sources with wildcard, port and path', () => {
    for (const value of [
      "'self'",
      "'none'",
      '*',
      'https:',
      'example.com',
      "'self' https://parent.example.com",
      'https://*.example.com:8443/embed/app',
      'http://localhost:*',
      'https://intranet.example.com/a%3Bb',
      ['https://a.example.com', "'self'"],
    ])
      expect(frameAncestorsProblem(value), JSON.stringify(value)).toBeUndefined();
  });

  it('refuses anything that could end the directive or add another', () => {
    for (const value of [
      "'self'; script-src *",
      "'self';",
      'https://a.example.com;script-src',
      'https://a.example.com, https://b.example.com',
      "'unsafe-inline'",
      "'none' 'self'",
      'https://a.example.com/x;y',
      'https://*example.com',
      'https://a.*.example.com',
      'https://a.example.com:port',
      '"self"',
      '',
      '   ',
      "'self'\nscript-src *",
      42,
      [],
    ])
      expect(frameAncestorsProblem(value), JSON.stringify(value)).toBeTruthy();
  });

  it('leaves out a HOSTS_JSON frameAncestors that is not a list of sources', () => {
    const overrides = {
      'a.example': { frameAncestors: "'self'; script-src *", loginTitle: 'A' },
      'b.example': { frameAncestors: "'self' https://parent.example" },
    };
    expect(hostSettingsOf('a.example', overrides)).toMatchObject({ frameAncestors: "'self'", loginTitle: 'A' });
    expect(hostSettingsOf('b.example', overrides).frameAncestors).toBe("'self' https://parent.example");
  });
});
