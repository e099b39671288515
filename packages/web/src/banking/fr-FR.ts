import { paymentFilesFr } from './payment-files-fr-FR.ts';
import { recoveryFr } from './recovery-fr-FR.ts';
import { statementsFr } from './statements-fr-FR.ts';
import { treasuryFr } from './treasury-fr-FR.ts';

/** French texts of the banking screens (payment files, collection, treasury, bank statements), loaded together. */
export const bankingFr: Record<string, string> = {
  ...paymentFilesFr,
  ...recoveryFr,
  ...treasuryFr,
  ...statementsFr,
};
