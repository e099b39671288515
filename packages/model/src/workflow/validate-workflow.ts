import { ApiError } from '../errors.ts';
import {
  completeTransition,
  sideEffectNames,
  workflowActions,
  type TransitionInput,
  type WorkflowDefinition,
} from './workflow.ts';

/**
 * Checks a workflow definition, typically a tenant's configuration (untrusted JSON): every
 * status known, every transition leading from somewhere to somewhere else, codes unique, every
 * status reachable from the first. `parseWorkflow` answers the completed definition or throws
 * `400 INVALID_FIELD_IN_CONFIG` naming the first problem, with all of them in `errors`.
 */
export interface WorkflowContext {
  entity: string;
  statusList: string;
  /** Statuses the kind's status list allows. */
  allowed: readonly string[];
  /** The status new records take; the workflow must start there. */
  initial: string;
}

export interface WorkflowProblem {
  path: string;
  message: string;
}

const codePattern = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const fieldPathPattern = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const transitionKeys = new Set([
  'code',
  'label',
  'icon',
  'from',
  'to',
  'action',
  'orderIndex',
  'pullRight',
  'hidden',
  'permission',
  'requiredFields',
  'sideEffects',
  'types',
  'confirm',
  'featureFlag',
]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 200): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

function checkTransition(
  raw: unknown,
  at: string,
  statuses: Set<string>,
  ctx: WorkflowContext,
  problem: (path: string, message: string) => void,
) {
  if (!isObject(raw)) return problem(at, 'must be an object');
  for (const key of Object.keys(raw))
    if (!transitionKeys.has(key)) problem(`${at}.${key}`, 'is not a transition property');
  if (typeof raw.code !== 'string' || !codePattern.test(raw.code))
    problem(`${at}.code`, 'must be a code of letters, digits and _ (at most 64)');
  if (raw.label !== undefined && !isText(raw.label)) problem(`${at}.label`, 'must be a non-empty text');
  if (raw.icon !== undefined && !isText(raw.icon, 100)) problem(`${at}.icon`, 'must be a non-empty text');
  const from = typeof raw.from === 'string' ? [raw.from] : raw.from;
  if (!Array.isArray(from) || from.length === 0)
    problem(`${at}.from`, 'must name at least one status (a transition cannot start from nowhere)');
  else
    from.forEach((s, i) => {
      if (typeof s !== 'string' || !statuses.has(s))
        problem(`${at}.from[${i}]`, `unknown status ${JSON.stringify(s)} (not a status of the ${ctx.entity} workflow)`);
    });
  if (typeof raw.to !== 'string' || !statuses.has(raw.to))
    problem(`${at}.to`, `unknown status ${JSON.stringify(raw.to)} (not a status of the ${ctx.entity} workflow)`);
  else if (Array.isArray(from) && from.includes(raw.to))
    problem(`${at}.to`, `must differ from the statuses it leaves (${raw.to})`);
  if (raw.action !== undefined && !(workflowActions as readonly unknown[]).includes(raw.action))
    problem(`${at}.action`, `must be one of ${workflowActions.join(', ')}`);
  if (raw.orderIndex !== undefined && (typeof raw.orderIndex !== 'number' || !Number.isFinite(raw.orderIndex)))
    problem(`${at}.orderIndex`, 'must be a number');
  for (const flag of ['pullRight', 'hidden'] as const) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') problem(`${at}.${flag}`, 'must be true or false');
  }
  if (raw.permission !== undefined && !isText(raw.permission)) problem(`${at}.permission`, 'must be a permission name');
  if (raw.featureFlag !== undefined && !isText(raw.featureFlag, 100))
    problem(`${at}.featureFlag`, 'must be a feature flag name');
  const list = (key: 'requiredFields' | 'sideEffects' | 'types', valid: (v: unknown) => boolean, what: string) => {
    const value = raw[key];
    if (value === undefined) return;
    if (!Array.isArray(value)) return problem(`${at}.${key}`, 'must be an array');
    value.forEach((v, i) => {
      if (!valid(v)) problem(`${at}.${key}[${i}]`, `${JSON.stringify(v)} is not ${what}`);
    });
  };
  list('requiredFields', (v) => typeof v === 'string' && v.length <= 200 && fieldPathPattern.test(v), 'a field path');
  list(
    'sideEffects',
    (v) => (sideEffectNames as readonly unknown[]).includes(v),
    `a known side effect (${sideEffectNames.join(', ')})`,
  );
  list('types', (v) => isText(v), 'a type');
  const confirm = raw.confirm;
  if (
    confirm !== undefined &&
    !isText(confirm, 500) &&
    !(isObject(confirm) && Object.entries(confirm).every(([s, q]) => statuses.has(s) && isText(q, 500)))
  )
    problem(`${at}.confirm`, 'must be a question, or a question per status of the workflow');
}

/** Every problem of `input` as a workflow of `ctx.entity`; empty when it is sound. */
export function workflowProblems(input: unknown, ctx: WorkflowContext): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const problem = (path: string, message: string) => {
    problems.push({ path, message });
  };
  if (!isObject(input)) return [{ path: 'workflow', message: 'must be an object with transitions' }];
  for (const key of Object.keys(input)) {
    if (!['entity', 'statusList', 'statuses', 'transitions'].includes(key)) problem(key, 'is not a workflow property');
  }
  if (input.entity !== undefined && input.entity !== ctx.entity) problem('entity', `must be ${ctx.entity}`);
  if (input.statusList !== undefined && input.statusList !== ctx.statusList)
    problem('statusList', `must be ${ctx.statusList}`);

  let statuses: string[] = [...ctx.allowed];
  if (input.statuses !== undefined) {
    if (!Array.isArray(input.statuses) || input.statuses.length === 0)
      problem('statuses', 'must be a non-empty array of statuses');
    else {
      statuses = [];
      input.statuses.forEach((s, i) => {
        if (typeof s !== 'string' || !ctx.allowed.includes(s))
          problem(
            `statuses[${i}]`,
            `unknown status ${JSON.stringify(s)} (not in ${ctx.statusList}: ${ctx.allowed.join(', ')})`,
          );
        else if (statuses.includes(s)) problem(`statuses[${i}]`, `duplicate status ${s}`);
        else statuses.push(s);
      });
      if (input.statuses[0] !== ctx.initial)
        problem('statuses[0]', `must be ${ctx.initial}, the status new records take`);
    }
  }
  if (!statuses.includes(ctx.initial)) problem('statuses', `must include ${ctx.initial}, the status new records take`);
  const known = new Set(statuses);

  if (!Array.isArray(input.transitions)) {
    problem('transitions', 'must be an array');
    return problems;
  }
  const codes = new Map<string, number>();
  input.transitions.forEach((raw, i) => {
    checkTransition(raw, `transitions[${i}]`, known, ctx, problem);
    const code = isObject(raw) ? raw.code : undefined;
    if (typeof code !== 'string') return;
    if (codes.has(code))
      problem(`transitions[${i}].code`, `duplicate code ${code} (also transitions[${codes.get(code)}])`);
    else codes.set(code, i);
  });
  if (problems.length) return problems;

  // Every status must be reachable from the first one.
  const transitions = input.transitions as TransitionInput[];
  const reached = new Set([ctx.initial]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const tr of transitions) {
      const from = typeof tr.from === 'string' ? [tr.from] : tr.from;
      if (!reached.has(tr.to) && from.some((s) => reached.has(s))) {
        reached.add(tr.to);
        grew = true;
      }
    }
  }
  statuses.forEach((s, i) => {
    if (!reached.has(s))
      problem(`statuses[${i}]`, `status ${s} cannot be reached from ${ctx.initial} by any transition`);
  });
  return problems;
}

/** The completed definition of a sound `input`; otherwise 400 INVALID_FIELD_IN_CONFIG. */
export function parseWorkflow(input: unknown, ctx: WorkflowContext): WorkflowDefinition {
  const problems = workflowProblems(input, ctx);
  if (problems.length) {
    const [first] = problems;
    throw new ApiError('INVALID_FIELD_IN_CONFIG', [`workflow.${ctx.entity}.${first.path}`, first.message], {
      errors: problems.map((p) => `${p.path}: ${p.message}`),
    });
  }
  const body = input as { statuses?: string[]; transitions: TransitionInput[] };
  return {
    entity: ctx.entity,
    statusList: ctx.statusList,
    statuses: body.statuses ? [...body.statuses] : [...ctx.allowed],
    transitions: body.transitions.map(completeTransition),
  };
}
