import { items, type ListItem } from './item.ts';
import { statusLabels, type StatusCode } from './status-labels.ts';

const catalogItem = ['DRAFT', 'ACTIVE', 'INACTIVE', 'ARCHIVED'] as const;
const configuration = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
/** Spec 000 §4: the states of a background process (batch, import). */
const process = ['DRAFT', 'FETCHING', 'PROCESSING', 'STOPPED', 'ERROR', 'WARNING', 'SUCCESS'] as const;

/**
 * The workflow statuses of each entity kind, as `{camelName}Status` lists. Each begins with the
 * status a new record takes; the order is the usual path through the lifecycle, exits last.
 * Kept `as const` so workflows and checks can derive their status types from here.
 */
export const entityStatuses = {
  accountingCatalogItemStatus: catalogItem,
  agreementStatus: ['DRAFT', 'SUBMITTED', 'ACTIVE', 'SUSPENDED', 'EXPIRED', 'TERMINATED', 'CANCELLED'],
  amendmentStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED', 'REJECTED', 'CANCELLED'],
  amendmentCatalogItemStatus: catalogItem,
  assetStatus: ['DRAFT', 'ORDERED', 'DELIVERED', 'ACTIVE', 'RETURNED', 'SOLD', 'SCRAPPED', 'CANCELLED'],
  assetCatalogItemStatus: catalogItem,
  assetServiceCatalogItemStatus: catalogItem,
  assetExpenseStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'INVOICED', 'PAID', 'REJECTED', 'CANCELLED'],
  assetLotStatus: ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'VALIDATED', 'SOLD', 'REJECTED', 'CANCELLED'],
  batchStatus: process,
  bankAccountStatus: ['DRAFT', 'ACTIVE', 'BLOCKED', 'CLOSED'],
  bankOperationStatus: ['DRAFT', 'PENDING', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  bankStatementStatus: ['DRAFT', 'IMPORTED', 'PARTIALLY_RECONCILED', 'RECONCILED', 'CANCELLED'],
  bankTransactionStatus: ['NEW', 'PARTIALLY_MATCHED', 'MATCHED', 'IGNORED', 'CANCELLED'],
  bookingStatus: ['DRAFT', 'REQUESTED', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED', 'REFUSED', 'CANCELLED'],
  budgetStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'CLOSED', 'REJECTED'],
  campaignStatus: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  campaignContactStatus: ['NEW', 'CONTACTED', 'INTERESTED', 'NOT_INTERESTED', 'CONVERTED', 'UNSUBSCRIBED'],
  camtStatus: ['DRAFT', 'IMPORTED', 'PROCESSING', 'PROCESSED', 'ERROR'],
  cashflowStatus: ['DRAFT', 'PENDING', 'PARTIALLY_ALLOCATED', 'ALLOCATED', 'CANCELLED'],
  cashflowAllocationStatus: ['DRAFT', 'VALIDATED', 'EXPORTED', 'REVERSED', 'CANCELLED'],
  caseStatus: ['NEW', 'IN_PROGRESS', 'WAITING', 'ESCALATED', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  claimStatus: ['DRAFT', 'DECLARED', 'UNDER_REVIEW', 'ACCEPTED', 'SETTLED', 'CLOSED', 'REJECTED'],
  collateralStatus: ['DRAFT', 'REQUESTED', 'RECEIVED', 'ACTIVE', 'CALLED', 'RELEASED', 'CANCELLED'],
  committeeStatus: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'CLOSED', 'CANCELLED'],
  communicationStatus: ['DRAFT', 'SCHEDULED', 'SENT', 'DELIVERED', 'FAILED', 'CANCELLED'],
  contractStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'TERMINATED', 'CANCELLED', 'REJECTED'],
  contractElementStatus: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'CANCELLED'],
  contractLotStatus: ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'VALIDATED', 'TRANSFERRED', 'REJECTED', 'CANCELLED'],
  creditLineStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'EXPIRED', 'CLOSED', 'REJECTED', 'CANCELLED'],
  dealStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'WON', 'LOST', 'CANCELLED'],
  depreciationScheduleStatus: ['DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED'],
  documentStatus: ['DRAFT', 'UPLOADED', 'VALIDATED', 'REJECTED', 'SIGNED', 'EXPIRED', 'ARCHIVED'],
  dtxnStatus: ['PENDING', 'COMMITTED', 'ROLLED_BACK', 'ERROR'],
  externalContractStatus: ['DRAFT', 'ACTIVE', 'TERMINATED', 'CANCELLED'],
  externalDataStatus: ['DRAFT', 'RECEIVED', 'PROCESSING', 'PROCESSED', 'ERROR'],
  featureFlagStatus: ['DRAFT', 'ENABLED', 'DISABLED', 'ARCHIVED'],
  featureFlagItemStatus: ['DRAFT', 'ENABLED', 'DISABLED'],
  financingServiceStatus: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'TERMINATED', 'CANCELLED'],
  flowStatus: ['DRAFT', 'ACTIVE', 'ON_HOLD', 'ARCHIVED'],
  fundStatus: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'CLOSED'],
  fundingStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'DISBURSED', 'REPAID', 'REJECTED', 'CANCELLED'],
  importStatus: process,
  inspectionStatus: ['DRAFT', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  inventoryStatus: ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'VALIDATED', 'CANCELLED'],
  invoiceStatus: ['DRAFT', 'ISSUED', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'],
  invoiceLineStatus: ['DRAFT', 'ISSUED', 'PAID', 'CANCELLED'],
  locationStatus: configuration,
  mailStatus: ['DRAFT', 'QUEUED', 'SENT', 'DELIVERED', 'OPENED', 'BOUNCED', 'FAILED'],
  maintenanceStatus: ['DRAFT', 'SUBMITTED', 'VALIDATED', 'IN_PROGRESS', 'RETURNED', 'INVOICED', 'CLOSED', 'CANCELLED'],
  metricStatus: configuration,
  noteStatus: ['DRAFT', 'PUBLISHED', 'ARCHIVED'],
  organizationStatus: ['DRAFT', 'ACTIVE', 'INACTIVE', 'CLOSED'],
  paymentFileStatus: ['DRAFT', 'GENERATED', 'SENT', 'ACCEPTED', 'PARTIALLY_REJECTED', 'REJECTED', 'CANCELLED'],
  paymentFileLineStatus: ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'],
  personStatus: ['PROSPECT', 'ACTIVE', 'INACTIVE', 'BLOCKED', 'ARCHIVED'],
  personAmendmentStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED', 'REJECTED', 'CANCELLED'],
  postingStatus: ['DRAFT', 'VALIDATED', 'EXPORTED', 'REVERSED', 'CANCELLED'],
  postingEventStatus: ['PENDING', 'PROCESSED', 'IGNORED', 'ERROR'],
  privateEquityAssetStatus: ['DRAFT', 'ACTIVE', 'EXITED', 'WRITTEN_OFF'],
  privateEquityOperationStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  privateEquityTransactionStatus: ['DRAFT', 'VALIDATED', 'SETTLED', 'CANCELLED'],
  productStatus: ['DRAFT', 'ACTIVE', 'INACTIVE', 'EXPIRED'],
  productCatalogItemStatus: catalogItem,
  productElementCatalogItemStatus: catalogItem,
  productTableStatus: configuration,
  projectStatus: ['DRAFT', 'OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'],
  prospectStatus: ['NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST', 'DISQUALIFIED'],
  questionStatus: ['DRAFT', 'OPEN', 'ANSWERED', 'CLOSED'],
  quotationStatus: ['DRAFT', 'SENT', 'ACCEPTED', 'REFUSED', 'EXPIRED', 'CANCELLED'],
  reportStatus: ['DRAFT', 'PROCESSING', 'READY', 'PUBLISHED', 'ERROR'],
  ruleStatus: configuration,
  scoreStatus: ['DRAFT', 'COMPUTED', 'VALIDATED', 'OVERRIDDEN', 'EXPIRED'],
  scriptStatus: ['DRAFT', 'ACTIVE', 'INACTIVE', 'DEPRECATED'],
  sheetStatus: ['DRAFT', 'VALIDATED', 'ARCHIVED'],
  sepaStatus: ['DRAFT', 'PENDING_SIGNATURE', 'ACTIVE', 'SUSPENDED', 'REVOKED', 'EXPIRED'],
  systemEventStatus: ['NEW', 'PROCESSING', 'PROCESSED', 'IGNORED', 'ERROR'],
  taskStatus: ['OPEN', 'IN_PROGRESS', 'WAITING', 'DONE', 'CANCELLED'],
  tenantStatus: ['DRAFT', 'ACTIVE', 'SUSPENDED', 'CLOSED'],
  ticketStatus: ['NEW', 'IN_PROGRESS', 'WAITING', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  timeEntryStatus: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'INVOICED'],
  userStatus: ['INVITED', 'ACTIVE', 'LOCKED', 'DISABLED'],
  voteStatus: ['DRAFT', 'CAST', 'WITHDRAWN'],
  votingStatus: ['DRAFT', 'OPEN', 'CLOSED', 'CANCELLED'],
} as const satisfies Record<string, readonly StatusCode[]>;

/** Other status lists: processes (spec 000 §4) and SEPA mandates (`rumStatus`, spec 002 §3). */
export const otherStatuses = {
  processStatus: process,
  sepaMandateStatus: ['DRAFT', 'PENDING_SIGNATURE', 'SIGNED', 'ACTIVE', 'REVOKED', 'EXPIRED', 'CANCELLED'],
} as const satisfies Record<string, readonly StatusCode[]>;

const toItems = (codes: readonly StatusCode[]): ListItem[] => codes.map((value) => ({ value, label: statusLabels[value] }));

export const statusLists: Record<string, ListItem[]> = {
  ...Object.fromEntries(Object.entries({ ...entityStatuses, ...otherStatuses }).map(([name, codes]) => [name, toItems(codes)])),
  /** Spec 000 §4: the actions a workflow step can take. */
  workflowAction: items([
    ['DO', 'Do', 'Exécuter'],
    ['UNDO', 'Undo', 'Annuler'],
    ['CONTINUE', 'Continue', 'Continuer'],
    ['COMPLETE', 'Complete', 'Terminer'],
    ['RESET', 'Reset', 'Réinitialiser'],
  ]),
};
