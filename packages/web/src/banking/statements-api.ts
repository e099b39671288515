import { entityByName } from '@lbo/model/entity-registry';
import { api, uploadWithProgress } from '../app/api/client.ts';

/**
 * The bank statement calls of the web (docs/api.md "Bank statements"): a camt file imported,
 * a waiting transaction's candidates, its match by hand, matching run again.
 */
export const camtKind = entityByName('Camt')!;
export const statementKind = entityByName('BankStatement')!;
export const transactionKind = entityByName('BankTransaction')!;
export const invoiceKind = entityByName('Invoice')!;

export type Row = Record<string, unknown> & { registration: string };
export interface Candidate {
  invoiceRegistration: string;
  score: number;
  reason: string;
  balance: number;
}

export function importCamt(file: File, onProgress: (fraction: number) => void = () => undefined) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<Row>(`/api/${camtKind.route}/import`, form, onProgress);
}

export const candidatesOf = (registration: string, signal?: AbortSignal) =>
  api.get<{ transaction: Row; candidates: Candidate[] }>(
    `/api/${transactionKind.route}/${encodeURIComponent(registration)}/candidates`,
    { signal },
  );

export const matchByHand = (registration: string, allocations: { invoiceRegistration: string; amount: number }[]) =>
  api.post<Row>(`/api/${transactionKind.route}/${encodeURIComponent(registration)}/match`, { allocations });

export const rematch = () => api.post<{ matched: number; unmatched: number }>(`/api/${transactionKind.route}/rematch`);
