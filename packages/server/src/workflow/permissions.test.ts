import { beforeAll, describe, expect, it } from 'vitest';
import { entities, entityByName } from '@lbo/model/entity-registry';
import type { Transition } from '@lbo/model/workflow/workflow';
import { composeModules } from '../modules/compose.ts';
import { productModules } from '../product.ts';
import { canRun, hasPermission } from './permissions.ts';
import { runSideEffects } from './side-effects.ts';

const user = { tenant: 'alpha', username: 'u@alpha' };
const approve = { permission: 'approve /api/financing/contracts' };

describe('canRun', () => {
  it('passes every transition without a permission, and admins always', () => {
    expect(canRun(user, {})).toBe(true);
    for (const admin of [{ isAdmin: true }, { isMainAdmin: true }, { isSuperAdmin: true }])
      expect(canRun({ ...user, ...admin }, approve)).toBe(true);
  });

  it("otherwise wants the exact name in the caller's permissions, whatever their shape", () => {
    expect(canRun(user, approve)).toBe(false);
    expect(
      canRun({ ...user, isAdmin: false, permissions: new Set(['write all', 'approve /api/financing/deals']) }, approve),
    ).toBe(false);
    expect(canRun({ ...user, permissions: new Set([approve.permission]) }, approve)).toBe(true);
    expect(canRun({ ...user, permissions: [approve.permission] }, approve)).toBe(true);
    expect(canRun({ ...user, permissions: { [approve.permission]: true } }, approve)).toBe(true);
    expect(hasPermission({ ...user, permissions: { [approve.permission]: false } }, approve.permission)).toBe(false);
  });
});

describe('side effects', () => {
  beforeAll(() => composeModules(productModules(), entities));
  const contract = entityByName('Contract')!;
  const committee = entityByName('Committee')!;
  const context = (entity = contract) => ({
    entity,
    transition: {} as Transition,
    caller: user,
    tx: {} as never,
    today: '2025-06-30',
    now: '2025-06-30T22:15:00.000Z',
    moveRecord: () => Promise.reject(new Error('not here')),
  });

  it('stamps days, or instants for datetime fields, and keeps dates the user typed where it should', async () => {
    expect(await runSideEffects(['stampActivationDate', 'stampSubmitDate'], context(), { a: 1 })).toEqual({
      a: 1,
      activationDate: '2025-06-30',
      submitDate: '2025-06-30',
    });
    expect(await runSideEffects(['stampIssueDate'], context(), { issueDate: '2025-06-01' })).toEqual({
      issueDate: '2025-06-01',
    });
    expect(await runSideEffects(['markInvoicePaid'], context(), { totalBalance: 120 })).toEqual({
      totalBalance: 0,
      paymentDate: '2025-06-30',
    });
    expect(await runSideEffects(['clearSubmitDate'], context(), { submitDate: '2025-06-01', b: 2 })).toEqual({ b: 2 });
    expect(await runSideEffects(['countReopening', 'countReopening'], context(), {})).toEqual({ reopenCount: 2 });
    expect((await runSideEffects(['stampClosingDate'], context(committee), {})).closingDate).toBe('2025-06-30');
  });
});
