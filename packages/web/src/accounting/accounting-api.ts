import { entityByName } from '@lbo/model/entity-registry';
import { api, request } from '../app/api/client.ts';

/** The books' calls of the web (docs/api.md "The books"): the trial balance, a reversal, the FEC and CSV exports. */
export const postingKind = entityByName('Posting')!;
export const postingEventKind = entityByName('PostingEvent')!;

export type Row = Record<string, unknown> & { registration: string };
export interface TrialBalanceLine { account: string; label: string; currency: string; debit: number; credit: number; balance: number }
export interface TrialBalance { accounts: TrialBalanceLine[]; totals: Record<string, { debit: number; credit: number; balance: number }> }
export interface ExportState { batchRegistration: string; status: string; message: string | null; document: { name: string; url: string } | null }

export const trialBalanceOf = (query: { from?: string; to?: string }, signal?: AbortSignal) => {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]);
  return api.get<TrialBalance>(`/api/accounting/trial-balance${params.size ? `?${params}` : ''}`, { signal });
};

export const reverseEvent = (registration: string) =>
  api.post<{ event: Row; postings: Row[] }>(`/api/${postingEventKind.route}/${encodeURIComponent(registration)}/reverse`);

export const startExport = (body: { format: 'FEC' | 'CSV'; from: string; to: string }) => api.post<{ batchRegistration: string }>('/api/accounting/exports', body);
export const exportState = (batch: string) => api.get<ExportState>(`/api/accounting/exports/${encodeURIComponent(batch)}`);
export async function exportFile(url: string): Promise<Blob> {
  return (await request<Blob>('GET', url, { blob: true })).data;
}
