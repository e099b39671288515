import { api } from '../app/api/client.ts';
import type { CallOptions, Kind, Query } from '../app/api/data-provider.ts';
import type { ResidualValueReading } from '@lbo/model/finance/residual-value-curve';

/**
 * The financing calls of the web (docs/api.md "Financing"): the calculator's payment plan, a
 * contract's summary, an amendment's preview, a partner's onboarding, a quotation's residual value
 * from the vehicle catalogue. Each screen names the answer it reads (`T`).
 */
const enc = encodeURIComponent;
const financingPaths = {
  paymentPlan: '/api/financing/calculator/payment-plan',
  contractSummary: (id: string) => `/api/financing/contracts/${enc(id)}/summary`,
  amendmentPreview: (id: string) => `/api/financing/amendments/${enc(id)}/preview`,
  onboardPartner: '/api/financing/agreements/onboard-partner',
};

/** The calculator's products, read once (not a kind's data: a write does not refresh them). */
export const calculatorProductsKey = ['calculator-products'] as const;

/** A payment plan for the calculator's terms. */
export function paymentPlan<T>(query: Query, options: CallOptions = {}) {
  return api.get<T>(financingPaths.paymentPlan, { ...options, query });
}

/** Outstanding capital, next due date, arrears and IRR of a contract. */
export function contractSummary<T>(id: string, options: CallOptions = {}) {
  return api.get<T>(financingPaths.contractSummary(id), options);
}

/** An amendment's schedules before and after, computed on the contract as it stands. */
export function amendmentPreview<T>(id: string, options: CallOptions = {}) {
  return api.get<T>(financingPaths.amendmentPreview(id), options);
}

/** A new partner (a prospect of role PARTNER) and its self-registration email. */
export function onboardPartner<T>(body: { email: string; name: string; language: string }) {
  return api.post<T>(financingPaths.onboardPartner, body);
}

/** The vehicle a residual-value curve is asked for; each absent one is the quotation's asset's. */
export interface ResidualValueAsk {
  manufacturerName?: string;
  modelName?: string;
  year?: number;
  usage?: string;
  assetRegistration?: string;
}

/** A curve read at a quotation's term (server: financing/residual-value.ts). */
export type { ResidualValueReading };

const residualValuePath = (kind: Kind, id: string, quotation: string) =>
  `/api/${kind.route}/${enc(id)}/quotations/${enc(quotation)}/residual-value`;

/** A quotation's residual value read on the catalogue's curve, nothing stored; the caller shows a failure. */
export function readResidualValue(
  kind: Kind,
  id: string,
  quotation: string,
  ask: ResidualValueAsk,
  signal?: AbortSignal,
) {
  const query = Object.fromEntries(Object.entries(ask).map(([k, v]) => [k, String(v)]));
  return api.get<ResidualValueReading>(residualValuePath(kind, id, quotation), { query, signal, silent: true });
}

/** Stores the curve's residual value on the quotation, priced again; answers the record. */
export function applyResidualValue(
  kind: Kind,
  id: string,
  quotation: string,
  body: ResidualValueAsk & { _version: number },
) {
  return api.post<Record<string, unknown>>(residualValuePath(kind, id, quotation), body, { silent: true });
}
