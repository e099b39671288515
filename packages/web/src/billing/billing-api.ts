import { useQuery } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { api, request } from '../app/api/client.ts';
import {
  apiPaths,
  dataProvider,
  queryKeys,
  type DocumentItem,
  type Query,
  type Row,
} from '../app/api/data-provider.ts';

/**
 * The billing calls of the web (spec 001 §7, docs/api.md "Billing run and background jobs"):
 * the billing run, the invoices' KPIs, an invoice's PDF (its INVOICE document, or the preview of
 * a draft), its lines and allocations, and a background batch read while it runs.
 */
export const invoiceKind = entityByName('Invoice')!;
export const invoiceLineKind = entityByName('InvoiceLine')!;
export const allocationKind = entityByName('CashflowAllocation')!;

const billingPaths = {
  runBilling: apiPaths.scriptRun('run-billing'),
  runDunning: '/api/billing/dunning/run',
  invoiceKpis: `${apiPaths.kind(invoiceKind)}/kpis`,
  pdfPreview: (registration: string) => `${apiPaths.record(invoiceKind, registration)}/pdf-preview`,
};

/** The run's answer: the invoices it created, or the background batch it started past the server's threshold. */
export type BillingRunAnswer = Row[] | { nbTotal: number; batchRegistration?: string };

/** Bills every line due by `date` of the organizations (all when none); errors go to the client's notifier (spec 001 §8). */
export function runBilling(date: string, organizations: string[]) {
  return api.get<BillingRunAnswer>(billingPaths.runBilling, {
    query: { date, organizations: organizations.length ? organizations.join(',') : undefined },
  });
}

/**
 * Starts a dunning run counting days late up to `day` (YYYY-MM-DD): a DUNNING batch; errors go
 * to the client's notifier.
 */
export function runDunning(day: string) {
  return api.post<{ batchRegistration: string; nbTotal: number }>(billingPaths.runDunning, { date: day });
}

/** Sums of one status in one currency. */
export interface CurrencySums {
  amountInclTax: number;
  totalBalance: number;
}
export interface StatusFigures {
  count: number;
  amounts: Record<string, CurrencySums>;
}
export interface InvoiceKpis extends StatusFigures {
  statuses: Record<string, StatusFigures>;
}

/** Counts and amounts per status of the invoices the list's filters match; none while it fails (the strip keeps its counts). */
export function useInvoiceKpis(filters: Query, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.kind(invoiceKind), 'kpis', filters],
    queryFn: ({ signal }) => api.get<InvoiceKpis>(billingPaths.invoiceKpis, { query: filters, signal, silent: true }),
    enabled,
  });
}

/** An invoice's INVOICE documents (spec 001 §7: `?type=INVOICE`, the first is opened). */
export function invoiceDocuments(registration: string, options: { signal?: AbortSignal; silent?: boolean } = {}) {
  return api.get<DocumentItem[]>(apiPaths.documents(invoiceKind, registration), {
    ...options,
    query: { type: 'INVOICE' },
  });
}

/** The address opening an invoice's document in a new window, by its listing token. */
export const invoiceDocumentLink = (registration: string, document: DocumentItem) =>
  dataProvider.documentLink(invoiceKind, registration, document);

/** The PDF a draft would print as (the server renders it, nothing is stored). */
export async function invoicePdfPreview(registration: string, signal?: AbortSignal): Promise<Blob> {
  return (await request<Blob>('GET', billingPaths.pdfPreview(registration), { blob: true, silent: true, signal })).data;
}

/** Records of a kind linked to an invoice (its lines, its allocations), up to a page of 250; none when the kind cannot be read so. */
export function useInvoiceRecords(kind: typeof invoiceKind, registration: string, version: unknown, sort?: string) {
  return useQuery({
    queryKey: [...queryKeys.kind(kind), 'of-invoice', registration, version],
    queryFn: async ({ signal }) => {
      try {
        return (
          await dataProvider.list(
            kind,
            { invoiceRegistration: registration, range: '[0-249]', sort },
            { signal, silent: true },
          )
        ).rows;
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        return [];
      }
    },
  });
}

/** Opens a window at once (a click's own window is never blocked), then shows `url` in it, or closes it. */
export async function openInNewWindow(url: () => Promise<string | undefined>): Promise<boolean> {
  const target = window.open('', '_blank');
  try {
    const address = await url();
    if (!address) {
      target?.close();
      return false;
    }
    if (target) {
      target.opener = null;
      target.location.href = address;
    } else {
      window.open(address, '_blank', 'noopener');
    }
    return true;
  } catch (error) {
    target?.close();
    throw error;
  }
}
