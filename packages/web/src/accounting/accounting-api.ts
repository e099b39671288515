import { entityByName } from '@lbo/model/entity-registry';
import { api, fileNameOf, request } from '../app/api/client.ts';

/**
 * The books' calls of the web (docs/api.md "The books"): the reports and their Excel workbooks,
 * a reversal, the FEC and CSV exports, the periods, the posting rules and their preview.
 */
export const postingKind = entityByName('Posting')!;
export const postingEventKind = entityByName('PostingEvent')!;

export type Row = Record<string, unknown> & { registration: string };
export interface TrialBalanceLine {
  account: string;
  label: string;
  currency: string;
  debit: number;
  credit: number;
  balance: number;
}
export interface TrialBalance {
  accounts: TrialBalanceLine[];
  totals: Record<string, { debit: number; credit: number; balance: number }>;
}
export interface ExportState {
  batchRegistration: string;
  status: string;
  message: string | null;
  document: { name: string; url: string } | null;
}
export interface LedgerLine {
  registration: string;
  date: string;
  account: string;
  dc: 'D' | 'C';
  name?: string;
  eventType?: string;
  currency: string;
  debit: number;
  credit: number;
  balance: number;
  postingEventRegistration?: string;
  invoiceRegistration?: string;
  personRegistration?: string;
  contractRegistration?: string;
  documentReference?: string;
}
export interface Ledger {
  account: string | null;
  label: string | null;
  person: string | null;
  openingBalance: number;
  closingBalance: number;
  lines: LedgerLine[];
}
export const agedBuckets = ['current', '1-30', '31-60', '61-90', '91-120', 'over120'] as const;
export type AgedFigures = Record<(typeof agedBuckets)[number] | 'total', number>;
export interface AgedReceivables {
  date: string;
  clients: (AgedFigures & { person: string; name: string; currency: string })[];
  totals: Record<string, AgedFigures>;
}
export interface AccountingPeriods {
  closed: Record<string, string[]>;
}

export interface PostingRuleLine {
  account: string;
  secondaryAccount?: string;
  dc: 'D' | 'C';
  amount: string;
  label?: string;
  analytics?: string[];
}
export interface PostingRule {
  eventType: string;
  when?: { pr?: 'R' | 'P'; leaseKind?: 'FINANCE' | 'OPERATING' };
  journal: string;
  journalLabel?: string;
  lines: PostingRuleLine[];
}
export interface RulesVocabulary {
  eventTypes: Record<string, string[]>;
  analyticAxes: string[];
  accounts: { account: string; label: string; auxiliary: boolean }[];
  custom: boolean;
}
export interface SampleEvent {
  eventType: string;
  date: string;
  currency: string;
  pr?: 'R' | 'P';
  financialProduct?: string;
  amounts: Record<string, number>;
}
export interface RulePreview {
  rule: PostingRule | null;
  postingDate: string;
  balanced: boolean;
  postings: {
    account: string;
    secondaryAccount?: string;
    dc: 'D' | 'C';
    amount: number;
    name: string;
    analytics?: Record<string, string>;
  }[];
}

export type ReportName = 'trial-balance' | 'general-ledger' | 'account-statement' | 'aged-receivables';
export type ReportQuery = Record<string, string | undefined>;
const queryText = (query: ReportQuery) => {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]);
  return params.size ? `?${params}` : '';
};

export const reportOf = <T>(report: ReportName, query: ReportQuery, signal?: AbortSignal) =>
  api.get<T>(`/api/accounting/${report}${queryText(query)}`, { signal });
export const trialBalanceOf = (query: ReportQuery, signal?: AbortSignal) =>
  reportOf<TrialBalance>('trial-balance', query, signal);

/** A report as the Excel workbook the server builds, its headers in the user's language. */
export async function reportWorkbook(
  report: ReportName,
  query: ReportQuery,
  locale: string,
): Promise<{ file: Blob; fileName: string }> {
  const answer = await request<Blob>('GET', `/api/accounting/${report}.xlsx${queryText({ ...query, locale })}`, {
    blob: true,
  });
  return { file: answer.data, fileName: fileNameOf(answer.headers) ?? `${report}.xlsx` };
}

export const reverseEvent = (registration: string) =>
  api.post<{ event: Row; postings: Row[] }>(
    `/api/${postingEventKind.route}/${encodeURIComponent(registration)}/reverse`,
  );

export const startExport = (body: { format: 'FEC' | 'CSV'; from: string; to: string }) =>
  api.post<{ batchRegistration: string }>('/api/accounting/exports', body);
export const exportState = (batch: string) =>
  api.get<ExportState>(`/api/accounting/exports/${encodeURIComponent(batch)}`);
export async function exportFile(url: string): Promise<Blob> {
  return (await request<Blob>('GET', url, { blob: true })).data;
}

export const periodsOf = (signal?: AbortSignal) => api.get<AccountingPeriods>('/api/accounting/periods', { signal });
export const setPeriod = (action: 'close' | 'reopen', month: string, organization?: string) =>
  api.post<AccountingPeriods>(`/api/accounting/periods/${action}`, {
    month,
    ...(organization ? { organization } : {}),
  });

export const postingRulesOf = (signal?: AbortSignal) =>
  api.get<PostingRule[]>('/api/accounting/posting-rules', { signal });
export const rulesVocabularyOf = (signal?: AbortSignal) =>
  api.get<RulesVocabulary>('/api/accounting/posting-rules/vocabulary', { signal });
export const savePostingRules = (postingRules: PostingRule[]) =>
  api.put<PostingRule[]>('/api/accounting/posting-rules', { postingRules });
export const resetPostingRules = () => api.delete<PostingRule[]>('/api/accounting/posting-rules');
export const previewRules = (event: SampleEvent, rules: PostingRule[]) =>
  api.post<RulePreview>('/api/accounting/posting-rules/preview', { event, rules });
