import { describe, expect, it } from 'vitest';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { productModules } from '../product.ts';
import { composeModules } from './compose.ts';
import type { ServerModule } from './server-module.ts';

const product = productModules();
const without = (name: string, slot: keyof ServerModule, key: string): ServerModule[] =>
  product.map((module) => {
    if (module.name !== name) return module;
    const { [key]: _removed, ...rest } = (module[slot] ?? {}) as Record<string, unknown>;
    return { ...module, [slot]: rest };
  });

describe('the composition of the modules', () => {
  it('accepts the product', () => {
    const composed = composeModules(product, entities);
    expect(Object.keys(composed.tenantSettings)).toEqual(
      expect.arrayContaining(['profilesPermissions', 'tenant-config', 'cron-list', 'sso', 'dunning', 'postingRules']),
    );
    expect(composed.crons.map((c) => c.job).sort()).toEqual([
      'ARREARS',
      'BANK_MATCHING',
      'DUNNING',
      'INDEXATION',
      'INTEREST_ACCRUAL',
      'SUPPORT_SLA',
      'TASK_REMINDERS',
      'TASK_RULES',
    ]);
  });

  it('names every cron job in the batch types, so that a tenant holding it checks valid', () => {
    const batchTypes = referenceLists.batchType.map((item) => item.value);
    expect(composeModules(product, entities).crons.filter((c) => !batchTypes.includes(c.job))).toEqual([]);
  });

  it('refuses to start when a side effect a workflow may name has no module, naming it', () => {
    expect(() => composeModules(without('billing', 'sideEffects', 'assignInvoiceNumber'), entities)).toThrow(
      /assignInvoiceNumber/,
    );
  });

  it('refuses write hooks a kind names that no module registers, naming both', () => {
    const hooks = entityByName('Invoice')!.writeHooks!;
    expect(() => composeModules(without('billing', 'writeHooks', hooks), entities)).toThrow(
      new RegExp(`Invoice names the write hooks "${hooks}"`),
    );
  });

  it('refuses a side effect, a setting or a cron that two modules claim', () => {
    const twice: ServerModule = {
      name: 'intruder',
      sideEffects: { assignInvoiceNumber: ({ doc }) => doc },
    };
    expect(() => composeModules([...product, twice], entities)).toThrow(/assignInvoiceNumber is registered twice/);
    const setting: ServerModule = { name: 'intruder', tenantSettings: { sso: { validate: (v) => v } } };
    expect(() => composeModules([...product, setting], entities)).toThrow(/sso is registered by sso and intruder/);
    expect(() => composeModules([...product, product[0]], entities)).toThrow(/module lists/);
  });

  it('refuses a transition that runs a side effect before one it must follow', () => {
    const billing = product.find((m) => m.name === 'billing')!;
    const late: ServerModule = {
      ...billing,
      sideEffects: {
        ...billing.sideEffects,
        assignInvoiceNumber: { run: ({ doc }) => doc, after: ['storeInvoicePdf'] },
      },
    };
    expect(() =>
      composeModules(
        product.map((m) => (m === billing ? late : m)),
        entities,
      ),
    ).toThrow(/ISSUE of Invoice runs assignInvoiceNumber before storeInvoicePdf/);
  });
});
