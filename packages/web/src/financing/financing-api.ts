import { api } from '../app/api/client.ts';
import type { CallOptions, Query } from '../app/api/data-provider.ts';

/**
 * The financing calls of the web (docs/api.md "Financing"): the calculator's payment plan, a
 * contract's summary, an amendment's preview, a partner's onboarding. Each screen names the answer
 * it reads (`T`).
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
