/** Per-page settings of spec 000 §2.2 and 001 §2, keyed by list route. */
export interface ListPageConfig {
  /** The add button is shown unless false. */
  addButton?: boolean;
  pageSize?: number;
  /** Hides the KPI strip by default. */
  hideKpis?: boolean;
  /** Clicking a row shows its transitions (kinds with a status) unless true (spec issue 5 §4). */
  hideRowTransitions?: boolean;
}

export const listPageConfig: Record<string, ListPageConfig> = {
  'script-logs': { addButton: false, pageSize: 20 },
  'payment-files': { addButton: false },
  amendments: { addButton: false },
};

/** Detail routes reached by id only: no create form (spec 000 §2.2). */
export const detailByIdOnly = new Set(['locale', 'contract-element', 'sepa', 'camt', 'bank-transaction', 'payment-file-line', 'funding']);
