/** The financing domain's side effects, by the names transitions list (model workflow/workflow.ts). */
import type { SideEffect } from '../workflow/side-effects.ts';
import { activateContract } from './contract-activation.ts';
import { endContractTerm } from './contract-end.ts';
import { applyAmendmentEffect, previewAmendmentEffect } from './amendments.ts';
import { refreshCreditLine, reserveCreditLine } from './credit-lines.ts';
import { createContractFromDeal } from './deal-won.ts';
import { cedeContractLot } from './contract-lots.ts';

export const financingSideEffects = {
  createContractFromDeal,
  activateContract,
  endContractTerm,
  previewAmendment: previewAmendmentEffect,
  applyAmendment: applyAmendmentEffect,
  reserveCreditLine,
  refreshCreditLine,
  cedeContractLot,
} satisfies Record<string, SideEffect>;
