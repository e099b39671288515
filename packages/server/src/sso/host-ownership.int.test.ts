import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../seed/bootstrap.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';

/**
 * A host name belongs to one tenant, given by the master tenant's super admin
 * (`tenant-configuration/host-tenants`): a tenant's admin sets sign-in settings only for its own
 * hosts, so that no tenant takes the sign-ins of a shared host.
 */
let t: TestApp;
let master: Record<string, string>;
const password = 'Correct-Horse-42';

const signInOn = (host: string, username: string) =>
  t.app.inject({ method: 'POST', url: '/api/core/auth/login', headers: { host }, payload: { username, password } });
const putSso = (headers: Record<string, string>, hosts: Record<string, unknown>) =>
  t.call('PUT', '/api/core/tenant-configuration/sso', headers, { hosts });
const assign = (hosts: Record<string, string>) =>
  t.call('PUT', '/api/core/tenant-configuration/host-tenants', master, hosts);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.db.database.db, 'master', { username: 'admin@master', password, isSuperAdmin: true });
  master = { authorization: `Bearer ${await signIn(t.app, 'admin@master', password)}` };
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('host names and their tenants', () => {
  it("a tenant's admin cannot claim a host no one gave it: refused naming the host, and the host's sign-ins are untouched", async () => {
    const claim = await putSso(t.beta.headers, { '127.0.0.1': { loginTitle: 'Beta' } });
    expect(claim.statusCode, claim.body).toBe(400);
    expect(claim.json()).toMatchObject({ code: 'INVALID_FIELD_IN_CONFIG' });
    expect(claim.json().message).toContain('hosts.127.0.0.1');
    expect((await t.call('GET', '/api/core/hosts/127.0.0.1')).json().loginTenant).toBeUndefined();
    expect((await signInOn('127.0.0.1', 'admin@alpha')).statusCode).toBe(200);
    // Written in another case, the host is the same host.
    expect((await putSso(t.beta.headers, { 'Shared.Example': {} })).statusCode).toBe(400);
  });

  it("only the master's super admin reads or writes the host assignments", async () => {
    for (const headers of [t.alpha.headers, t.beta.headers]) {
      const write = await t.call('PUT', '/api/core/tenant-configuration/host-tenants', headers, {
        'x.example': 'beta',
      });
      expect(write.statusCode, write.body).toBe(403);
      expect(write.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(write.json().message).toContain('write /api/core/tenants');
      expect((await t.call('GET', '/api/core/tenant-configuration/host-tenants', headers)).statusCode).toBe(403);
    }
    // Given to an unknown tenant, or not a host name: refused naming the field.
    const unknown = await assign({ 'x.example': 'nowhere' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_FIELD_VALUE' });
    expect(unknown.json().message).toContain('x.example');
    const badHost = await assign({ 'a b': 'beta' });
    expect(badHost.statusCode).toBe(400);
    expect(badHost.json().code).toBe('INVALID_FIELD_IN_CONFIG');
  });

  it("the master gives hosts; each tenant sets its own host's page and no other tenant's", async () => {
    const given = await assign({
      'alpha.example': 'alpha',
      'Beta.Example': 'beta',
      'master.example': 'master',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await t.call('GET', '/api/core/tenant-configuration/host-tenants', master)).json()).toEqual({
      'alpha.example': 'alpha',
      'beta.example': 'beta',
      'master.example': 'master',
    });
    // Beta takes neither alpha's host nor the master's, nor an unassigned one beside its own.
    for (const host of ['alpha.example', 'master.example']) {
      const taken = await putSso(t.beta.headers, { 'beta.example': {}, [host]: { loginTitle: 'Beta' } });
      expect(taken.statusCode, taken.body).toBe(400);
      expect(taken.json().message).toContain(`hosts.${host}`);
    }
    const own = await putSso(t.beta.headers, { 'beta.example': { loginTitle: 'Beta staff' } });
    expect(own.statusCode, own.body).toBe(200);
    expect((await t.call('GET', '/api/core/hosts/beta.example')).json()).toMatchObject({
      loginTenant: 'beta',
      loginTitle: 'Beta staff',
    });
    // A given host's sign-ins go to its tenant, even before that tenant sets anything for it.
    expect((await t.call('GET', '/api/core/hosts/alpha.example')).json().loginTenant).toBe('alpha');
    expect((await signInOn('alpha.example', 'admin@alpha')).statusCode).toBe(200);
    expect((await signInOn('alpha.example', 'admin@beta')).statusCode).toBe(401);
    expect((await signInOn('beta.example', 'admin@beta')).statusCode).toBe(200);
    expect((await signInOn('beta.example', 'admin@alpha')).statusCode).toBe(401);
    expect((await signInOn('127.0.0.1', 'admin@alpha')).statusCode).toBe(200);
  });

  it('a host whose settings a tenant still holds is not given to another; once they are removed, it is', async () => {
    const moved = await assign({ 'alpha.example': 'alpha', 'beta.example': 'alpha' });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().message).toContain('beta.example');
    expect((await putSso(t.beta.headers, {})).statusCode).toBe(200);
    expect((await assign({ 'alpha.example': 'alpha', 'beta.example': 'alpha' })).statusCode).toBe(200);
    expect((await putSso(t.beta.headers, { 'beta.example': {} })).statusCode).toBe(400);
    expect((await putSso(t.alpha.headers, { 'beta.example': { loginTitle: 'Alpha' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/core/hosts/beta.example')).json()).toMatchObject({
      loginTenant: 'alpha',
      loginTitle: 'Alpha',
    });
  });

  it('a frameAncestors setting lists CSP sources only: a ";" that would add directives is refused naming the field', async () => {
    for (const frameAncestors of [
      "'self'; script-src *",
      'https://a.example.com, https://b.example.com',
      "'unsafe-inline'",
    ]) {
      const res = await putSso(t.alpha.headers, { 'alpha.example': { frameAncestors } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FIELD_IN_CONFIG' });
      expect(res.json().message).toContain('hosts.alpha.example.frameAncestors');
    }
    const ok = await putSso(t.alpha.headers, {
      'alpha.example': { frameAncestors: "'self' https://*.parent.example:8443" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.call('GET', '/api/core/hosts/alpha.example')).json().frameAncestors).toBe(
      "'self' https://*.parent.example:8443",
    );
  });
});
