/**
 * Empty of helpers: billing reads and writes records through entities/crud.operation.ts
 * (`createIn`, `updateIn`, `mustFindRow`) and entities/bulk-writes.ts, its amounts through
 * @lbo/model/finance/amounts. What is left is the one name billing/demo-billing.ts still imports
 * from here (the demo's code is being moved by its owner); delete this file with that import.
 */
export { cashflow as cashflowKind } from '@lbo/model/entities/billing/cashflow.entity';
