import { describe, expect, it } from 'vitest';
import { entities, entityByName } from '../entity-registry.ts';
import { ApiError } from '../errors.ts';
import { entityStatuses } from '../lists/statuses.ts';
import { referenceLists } from '../reference-lists.ts';
import { genericWorkflow } from './generic-workflow.ts';
import { statusTone, workflowTones } from './status-tone.ts';
import { parseWorkflow, workflowProblems, type WorkflowContext } from './validate-workflow.ts';
import { defaultWorkflow, defaultWorkflows, describedWorkflowKinds, statusesOf } from './workflows.ts';
import {
  processStatuses,
  sortTransitions,
  transitionsFrom,
  workflowActions,
  type WorkflowDefinition,
} from './workflow.ts';

const contextOf = (workflow: WorkflowDefinition): WorkflowContext => {
  const allowed = statusesOf(workflow.statusList)!;
  return { entity: workflow.entity, statusList: workflow.statusList, allowed, initial: allowed[0] };
};
const contract = defaultWorkflow(entityByName('Contract')!)!;
const contractContext = contextOf(contract);
const problemsOf = (input: unknown) => workflowProblems(input, contractContext);

describe('default workflows', () => {
  it('exist for every declared kind with a status, over its own status list', () => {
    for (const entity of entities.filter((e) => e.status)) {
      const workflow = defaultWorkflow(entity);
      expect(workflow, entity.name).toBeDefined();
      expect(workflow!.statusList).toBe(entity.status);
      expect(workflow!.statuses).toEqual([...statusesOf(entity.status as string)!]);
    }
    expect(defaultWorkflows()).toHaveLength(entities.filter((e) => e.status).length);
    for (const entity of entities.filter((e) => !e.status))
      expect(defaultWorkflow(entity), entity.name).toBeUndefined();
  });

  it('are described for the kinds a leasing back office knows, generic only for catalogues and configuration', () => {
    const described = describedWorkflowKinds();
    for (const name of [
      'Contract',
      'Invoice',
      'Deal',
      'CreditLine',
      'Agreement',
      'Amendment',
      'Document',
      'Case',
      'Claim',
      'Ticket',
      'Committee',
      'Batch',
      'Import',
    ]) {
      expect(described, name).toContain(name);
    }
    const generic = entities
      .filter((e) => e.status && !described.includes(e.name))
      .map((e) => e.name)
      .sort();
    expect(generic).toEqual([
      'AccountingCatalogItem',
      'AmendmentCatalogItem',
      'AssetCatalogItem',
      'AssetServiceCatalogItem',
      'Location',
      'Metric',
      'ProductCatalogItem',
      'ProductElementCatalogItem',
      'ProductTable',
      'Rule',
    ]);
  });

  it('all validate: known statuses, every transition from somewhere, unique codes, every status reachable', () => {
    for (const workflow of defaultWorkflows()) {
      expect(workflowProblems(workflow, contextOf(workflow)), workflow.entity).toEqual([]);
      expect(parseWorkflow(JSON.parse(JSON.stringify(workflow)), contextOf(workflow))).toEqual(workflow);
    }
  });

  it('require only declared fields, and every transition has a label', () => {
    for (const workflow of defaultWorkflows()) {
      const entity = entityByName(workflow.entity)!;
      for (const tr of workflow.transitions) {
        expect(tr.label.length, `${workflow.entity}.${tr.code}`).toBeGreaterThan(0);
        for (const field of tr.requiredFields)
          expect(entity.fields[field.split('.')[0]], `${workflow.entity}.${tr.code} requires ${field}`).toBeDefined();
      }
    }
  });

  it('give a contract its usual lifecycle', () => {
    const moves = Object.fromEntries(contract.transitions.map((tr) => [tr.code, `${tr.from.join('|')}>${tr.to}`]));
    expect(moves).toMatchObject({
      SUBMIT: 'DRAFT>SUBMITTED',
      UNDO_SUBMIT: 'SUBMITTED>DRAFT',
      APPROVE: 'SUBMITTED>APPROVED',
      ACTIVATE: 'APPROVED>ACTIVE',
      TERMINATE: 'ACTIVE>TERMINATED',
      REJECT: 'SUBMITTED>REJECTED',
      CANCEL: 'DRAFT|SUBMITTED|APPROVED>CANCELLED',
    });
    expect(contract.transitions.find((tr) => tr.code === 'APPROVE')!.permission).toBe(
      'approve /api/financing/contracts',
    );
    expect(transitionsFrom(contract, 'SUBMITTED').map((tr) => tr.code)).toEqual([
      'UNDO_SUBMIT',
      'APPROVE',
      'REJECT',
      'CANCEL',
    ]);
    const invoice = defaultWorkflow(entityByName('Invoice')!)!;
    expect(invoice.transitions.map((tr) => `${tr.code}:${tr.to}`)).toEqual([
      'ISSUE:ISSUED',
      'PAY_PARTIALLY:PARTIALLY_PAID',
      'PAY:PAID',
      'REVERSE_PAYMENT:ISSUED',
      'REVERSE_PAYMENT_PARTIALLY:PARTIALLY_PAID',
      'CANCEL:CANCELLED',
      'WRITE_OFF:WRITTEN_OFF',
    ]);
  });

  it('model the spec process statuses and workflow actions', () => {
    expect(referenceLists.processStatus.map((i) => i.value)).toEqual([...processStatuses]);
    expect(referenceLists.workflowAction.map((i) => i.value)).toEqual([...workflowActions]);
    for (const name of ['Batch', 'Import']) {
      const workflow = defaultWorkflow(entityByName(name)!)!;
      expect(workflow.statuses).toEqual([...processStatuses]);
      expect(new Set(workflow.transitions.map((tr) => tr.action))).toEqual(
        new Set(['DO', 'CONTINUE', 'COMPLETE', 'RESET']),
      );
    }
    const actions = new Set(defaultWorkflows().flatMap((w) => w.transitions.map((tr) => tr.action)));
    expect([...actions].sort()).toEqual([...workflowActions].sort());
  });
});

describe('generic workflow', () => {
  it('is sound for every status list and for short ones', () => {
    for (const [list, statuses] of Object.entries(entityStatuses)) {
      const workflow = genericWorkflow('Any', list, statuses);
      expect(
        workflowProblems(workflow, { entity: 'Any', statusList: list, allowed: statuses, initial: statuses[0] }),
        list,
      ).toEqual([]);
    }
    for (const statuses of [
      ['DRAFT'],
      ['DRAFT', 'CANCELLED'],
      ['DRAFT', 'ACTIVE'],
      ['NEW', 'SUSPENDED', 'DONE', 'FAILED', 'ERROR'],
    ]) {
      const workflow = genericWorkflow('Any', 'anyStatus', statuses);
      expect(
        workflowProblems(workflow, { entity: 'Any', statusList: 'anyStatus', allowed: statuses, initial: statuses[0] }),
        statuses.join(),
      ).toEqual([]);
    }
  });

  it('walks the path, pauses and resumes, and exits from every open status', () => {
    const workflow = genericWorkflow('Item', 'itemStatus', ['DRAFT', 'ACTIVE', 'INACTIVE', 'ARCHIVED']);
    expect(workflow.transitions.map((tr) => `${tr.code}:${tr.from.join('|')}>${tr.to}:${tr.action}`)).toEqual([
      'ACTIVATE:DRAFT>ACTIVE:DO',
      'ARCHIVE:ACTIVE|INACTIVE>ARCHIVED:COMPLETE',
      'UNDO:ACTIVE>DRAFT:UNDO',
      'DEACTIVATE:ACTIVE>INACTIVE:DO',
      'REACTIVATE:INACTIVE>ACTIVE:CONTINUE',
    ]);
    const withExits = genericWorkflow('X', 'xStatus', ['NEW', 'SENT', 'DONE', 'FAILED', 'ERROR']);
    expect(withExits.transitions.filter((tr) => tr.pullRight).map((tr) => `${tr.code}:${tr.from.join('|')}`)).toEqual([
      'FAIL:NEW|SENT',
      'FAIL_ERROR:NEW|SENT',
    ]);
  });
});

describe('workflow validator', () => {
  const base = () =>
    JSON.parse(JSON.stringify({ transitions: contract.transitions })) as {
      statuses?: unknown;
      transitions: Record<string, unknown>[];
    };

  it('refuses an unknown status with the path and the list it should come from', () => {
    const bad = base();
    bad.transitions[0].to = 'SENT_TO_BANK';
    expect(problemsOf(bad)).toEqual([
      { path: 'transitions[0].to', message: 'unknown status "SENT_TO_BANK" (not a status of the Contract workflow)' },
    ]);
    const badStatuses = { ...base(), statuses: ['DRAFT', 'SUBMITTED', 'PENDING'] };
    expect(problemsOf(badStatuses)[0]).toEqual({
      path: 'statuses[2]',
      message:
        'unknown status "PENDING" (not in contractStatus: DRAFT, SUBMITTED, APPROVED, ACTIVE, TERMINATED, CANCELLED, REJECTED)',
    });
  });

  it('refuses a transition from nowhere, to where it already is, and a duplicate code', () => {
    const bad = base();
    bad.transitions[1].from = [];
    bad.transitions[2].from = 'SUBMITTED';
    bad.transitions[2].to = 'SUBMITTED';
    bad.transitions[3].code = 'SUBMIT';
    expect(problemsOf(bad)).toEqual([
      {
        path: 'transitions[1].from',
        message: 'must name at least one status (a transition cannot start from nowhere)',
      },
      { path: 'transitions[2].to', message: 'must differ from the statuses it leaves (SUBMITTED)' },
      { path: 'transitions[3].code', message: 'duplicate code SUBMIT (also transitions[0])' },
    ]);
  });

  it('refuses statuses that no transition reaches', () => {
    const bad = { transitions: base().transitions.filter((tr) => tr.to !== 'REJECTED' && tr.code !== 'SUBMIT') };
    expect(problemsOf(bad).map((p) => p.message)).toEqual([
      'status SUBMITTED cannot be reached from DRAFT by any transition',
      'status APPROVED cannot be reached from DRAFT by any transition',
      'status ACTIVE cannot be reached from DRAFT by any transition',
      'status TERMINATED cannot be reached from DRAFT by any transition',
      'status REJECTED cannot be reached from DRAFT by any transition',
    ]);
    // Restricting the statuses to those used makes the same transitions sound.
    expect(
      problemsOf({
        statuses: ['DRAFT', 'CANCELLED'],
        transitions: [{ code: 'CANCEL', from: 'DRAFT', to: 'CANCELLED' }],
      }),
    ).toEqual([]);
    expect(
      problemsOf({ statuses: ['SUBMITTED', 'DRAFT'], transitions: [{ code: 'X', from: 'DRAFT', to: 'SUBMITTED' }] })[0],
    ).toEqual({ path: 'statuses[0]', message: 'must be DRAFT, the status new records take' });
  });

  it('refuses unknown side effects, actions, properties and shapes', () => {
    const one = (over: Record<string, unknown>) =>
      problemsOf({
        statuses: ['DRAFT', 'CANCELLED'],
        transitions: [{ code: 'CANCEL', from: 'DRAFT', to: 'CANCELLED', ...over }],
      });
    expect(one({ sideEffects: ['sendEmail'] })[0].path).toBe('transitions[0].sideEffects[0]');
    expect(one({ action: 'JUMP' })[0]).toEqual({
      path: 'transitions[0].action',
      message: 'must be one of DO, UNDO, CONTINUE, COMPLETE, RESET',
    });
    expect(one({ requiredField: ['name'] })[0]).toEqual({
      path: 'transitions[0].requiredField',
      message: 'is not a transition property',
    });
    expect(one({ requiredFields: ['a..b'] })[0].path).toBe('transitions[0].requiredFields[0]');
    expect(one({ code: 'has space' })[0].path).toBe('transitions[0].code');
    expect(one({ pullRight: 'yes' })[0].path).toBe('transitions[0].pullRight');
    expect(problemsOf([])).toEqual([{ path: 'workflow', message: 'must be an object with transitions' }]);
    expect(problemsOf({ transitions: {} })).toEqual([{ path: 'transitions', message: 'must be an array' }]);
    expect(problemsOf({ entity: 'Invoice', transitions: [] })[0]).toEqual({
      path: 'entity',
      message: 'must be Contract',
    });
  });

  it('throws 400 INVALID_FIELD_IN_CONFIG naming the first problem, with all of them', () => {
    const bad = base();
    bad.transitions[0].from = ['NOWHERE'];
    bad.transitions[1].sideEffects = ['nope'];
    try {
      parseWorkflow(bad, contractContext);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const e = error as ApiError;
      expect(e.reference).toBe(
        '400|INVALID_FIELD_IN_CONFIG|Invalid field workflow.Contract.transitions[0].from[0] in configuration: unknown status "NOWHERE" (not a status of the Contract workflow)',
      );
      expect(e.extra.errors).toHaveLength(2);
    }
  });

  it('completes a sparse definition from the vocabulary', () => {
    const parsed = parseWorkflow(
      { statuses: ['DRAFT', 'CANCELLED'], transitions: [{ code: 'CANCEL', from: 'DRAFT', to: 'CANCELLED' }] },
      contractContext,
    );
    expect(parsed.transitions[0]).toEqual({
      code: 'CANCEL',
      label: 'Cancel',
      icon: 'StopOutlined',
      from: ['DRAFT'],
      to: 'CANCELLED',
      action: 'DO',
      orderIndex: 10,
      pullRight: true,
      hidden: false,
      requiredFields: [],
      sideEffects: [],
    });
  });
});

describe('ordering and tones', () => {
  it('sorts by order index with pullRight items last', () => {
    const items = [
      { code: 'a', orderIndex: 5, pullRight: true },
      { code: 'b', orderIndex: 30 },
      { code: 'c', orderIndex: 1, pullRight: true },
      { code: 'd', orderIndex: 10 },
    ];
    expect(sortTransitions(items).map((i) => i.code)).toEqual(['d', 'b', 'c', 'a']);
    expect(
      sortTransitions([
        { orderIndex: 2, props: { pullRight: true } },
        { orderIndex: 9, props: { pullRight: false } },
      ]).map((i) => i.orderIndex),
    ).toEqual([9, 2]);
  });

  it('colours statuses from the workflow', () => {
    expect(workflowTones(contract)).toEqual({
      DRAFT: 'default',
      SUBMITTED: 'ongoing',
      APPROVED: 'ongoing',
      ACTIVE: 'ongoing',
      TERMINATED: 'success',
      CANCELLED: 'error',
      REJECTED: 'error',
    });
    expect(statusTone(defaultWorkflow(entityByName('Batch')!)!, 'WARNING')).toBe('warning');
    expect(statusTone(defaultWorkflow(entityByName('Batch')!)!, 'STOPPED')).toBe('stopped');
  });
});
