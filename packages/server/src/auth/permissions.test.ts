import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { isValidUsername, passwordWeakness } from '@lbo/model/values/credentials';
import {
  allows,
  canReadEntity,
  derivedPermission,
  gateUserFields,
  hasPermission,
  includedKinds,
  permissionsOf,
  requirementOf,
} from './permissions.ts';

const grants = (permissions: string[], flags: Record<string, boolean> = {}) => ({
  permissions: new Set(permissions),
  ...flags,
});
const contract = entityByName('Contract')!;

describe('permission checks (spec 000 §6, 001 §6)', () => {
  it('admins, main admins and super admins pass every check, strict ones too', () => {
    for (const flag of ['isAdmin', 'isMainAdmin', 'isSuperAdmin']) {
      expect(hasPermission(grants([], { [flag]: true }), 'write /api/import/imports')).toBe(true);
      expect(hasPermission(grants([], { [flag]: true }), 'read /api/script/scripts')).toBe(true);
    }
    expect(hasPermission(grants([], { isAdmin: false }), 'read /api/core/users')).toBe(false);
  });

  it('the exact name grants; read all / write all grant read / write names unless strict', () => {
    expect(hasPermission(grants(['read /api/core/users']), 'read /api/core/users')).toBe(true);
    expect(hasPermission(grants(['read /api/core/users']), 'write /api/core/users')).toBe(false);
    expect(hasPermission(grants(['read all']), 'read /api/core/tasks')).toBe(true);
    expect(hasPermission(grants(['read all']), 'write /api/core/tasks')).toBe(false);
    expect(hasPermission(grants(['write all']), 'write /api/import/imports')).toBe(true);
    expect(hasPermission(grants(['read all']), 'read /api/script/scripts')).toBe(false);
    expect(hasPermission(grants(['read /api/script/scripts']), 'read /api/script/scripts')).toBe(true);
    expect(hasPermission(grants(['read all']), 'read /api/core/metrics', true)).toBe(false);
    expect(hasPermission(grants(['write all']), 'approve budget')).toBe(false);
  });

  it('a read per entity accepts read all, read {entity} or get {entity}', () => {
    for (const p of [
      'read all',
      'read /api/financing/contracts',
      'get /api/financing/contracts',
      'read Contract',
      'get Contract',
    ]) {
      expect(canReadEntity(grants([p]), contract), p).toBe(true);
    }
    expect(canReadEntity(grants(['write /api/financing/contracts', 'read /api/financing/deals']), contract)).toBe(
      false,
    );
    expect(canReadEntity(grants(['read all']), entityByName('Script')!)).toBe(false);
    expect(canReadEntity(grants(['read all']), entityByName('AccessLog')!)).toBe(false);
  });

  it('routes ask what they declare, else read or write of their path', () => {
    expect(requirementOf({ entity: 'Contract' }, 'GET', '/api/financing/contracts/:id')).toMatchObject({
      name: 'read /api/financing/contracts',
      entity: contract,
    });
    expect(requirementOf({ entity: 'Contract' }, 'DELETE', '/api/financing/contracts/:id').name).toBe(
      'write /api/financing/contracts',
    );
    expect(requirementOf({ permission: null }, 'POST', '/api/core/auth/totp/enrol')).toEqual({});
    expect(derivedPermission('POST', '/api/report/excel')).toBe('write /api/report/excel');
    expect(derivedPermission('GET', '/api/core/workflows/:entity')).toBe('read /api/core/workflows');
    expect(derivedPermission('GET', '/api/script/runs/hello-world')).toBe('read /api/script/runs');
    expect(derivedPermission('GET', '/api/dyno/:name')).toBe('read /api/dyno');
    expect(derivedPermission('DELETE', '/api/dyno/:name/:id', { name: 'dynoVehicle', id: 'X1' })).toBe(
      'write /api/dyno/dynoVehicle',
    );
    expect(derivedPermission('GET', '/api/dyno/:name', { name: '../etc' })).toBe('read /api/dyno');
    expect(derivedPermission('GET', '/api/core/workflows/:entity', { entity: 'Contract' })).toBe(
      'read /api/core/workflows',
    );
    const self = requirementOf(
      { permission: { name: 'write /api/core/users', orSelf: 'id' } },
      'PUT',
      '/api/core/users/:id',
    );
    expect(allows(grants([]), self, true)).toBe(true);
    expect(allows(grants([]), self, false)).toBe(false);
  });

  it('profiles grant the names of the tenant’s profilesPermissions; includes name the kinds they bring', () => {
    expect(
      [
        ...permissionsOf(['SALES', 'AUDITOR', 'UNKNOWN'], {
          SALES: ['write /api/financing/deals'],
          AUDITOR: ['read all'],
        }),
      ].sort(),
    ).toEqual(['read all', 'write /api/financing/deals']);
    expect(includedKinds(contract, 'persons,assets,nope').map((e) => e.name)).toEqual(['Person', 'Asset']);
  });

  it('user columns are gated by admin level', () => {
    const doc = { username: 'u@t', canImpersonate: true, isAdmin: true, isMainAdmin: false, isSuperAdmin: false };
    expect(gateUserFields(doc, 0)).toEqual({ username: 'u@t' });
    expect(gateUserFields(doc, 1)).toEqual({ username: 'u@t', isAdmin: true });
    expect(gateUserFields(doc, 2)).toEqual({
      username: 'u@t',
      isAdmin: true,
      canImpersonate: true,
      isMainAdmin: false,
    });
    expect(gateUserFields(doc, 3)).toEqual(doc);
  });
});

describe('username and password rules', () => {
  it('a username is an email, or a name ending with @tenant', () => {
    for (const ok of [
      'jane@example.com',
      'j.doe+tag@example.co.uk',
      'jane@alpha',
      'élodie.dupré@alpha',
      'a_b-c.d@alpha',
    ])
      expect(isValidUsername(ok, 'alpha'), ok).toBe(true);
    for (const bad of [
      'jane',
      'jane@beta',
      'jane@',
      '@alpha',
      'ja ne@alpha',
      'a@b@alpha',
      ' jane@alpha',
      'jane!@alpha',
      `${'x'.repeat(200)}@alpha`,
    ])
      expect(isValidUsername(bad, 'alpha'), bad).toBe(false);
    expect(isValidUsername('jane@beta')).toBe(true);
  });

  it('a password needs length, variety, and must not be common or hold the username', () => {
    expect(passwordWeakness('Blue-Harbour-Lantern-7', 'jane@alpha')).toBeUndefined();
    expect(passwordWeakness('Short-1')).toMatch(/at least 10/);
    expect(passwordWeakness('onlylowercaseletters')).toMatch(/three of/);
    expect(passwordWeakness('Password-2024!')).toMatch(/common/);
    expect(passwordWeakness('Jane-Rocks-2024', 'jane@alpha')).toMatch(/username/);
  });
});
