import { lazy, Suspense, type ComponentType } from 'react';
import type { Entity } from '@lbo/model/entity';
import { ListScreen } from '../../entities/ListScreen.tsx';
import { Loading } from '../pages/StatusPages.tsx';

export interface ScreenProps {
  entity: Entity;
  canCreate?: boolean;
}

/**
 * Domain screens that replace the generic ones (CONVENTIONS §7), by the key a kind's declaration
 * names (`screens: { detail: 'person' }`). Each is loaded on first use, so the sign-in bundle does
 * not carry them.
 */
const PersonScreen = lazy(() => import('../../person/PersonScreen.tsx'));
const PersonListScreen = lazy(() => import('../../person/PersonListScreen.tsx'));
const FinancedRecordScreen = lazy(() => import('../../financing/FinancedRecordScreen.tsx'));
const ProductTableScreen = lazy(() => import('../../financing/ProductTableScreen.tsx'));
const AmendmentScreen = lazy(() => import('../../financing/AmendmentScreen.tsx'));
const AgreementListScreen = lazy(() => import('../../financing/AgreementListScreen.tsx'));
const ExportsScreen = lazy(() => import('../../report/ExportsScreen.tsx'));
const CashflowScreen = lazy(() => import('../../billing/CashflowScreen.tsx'));
const InvoiceListScreen = lazy(() => import('../../billing/InvoiceListScreen.tsx'));
const InvoiceScreen = lazy(() => import('../../billing/InvoiceScreen.tsx'));
const BatchListScreen = lazy(() => import('../../billing/BatchListScreen.tsx'));
const BatchScreen = lazy(() => import('../../billing/BatchScreen.tsx'));
const PaymentFileListScreen = lazy(() => import('../../banking/PaymentFileListScreen.tsx'));
const PaymentFileScreen = lazy(() => import('../../banking/PaymentFileScreen.tsx'));
const CollectionCaseScreen = lazy(() => import('../../banking/CollectionCaseScreen.tsx'));
const CamtListScreen = lazy(() => import('../../banking/CamtListScreen.tsx'));
const CamtScreen = lazy(() => import('../../banking/CamtScreen.tsx'));
const BankTransactionScreen = lazy(() => import('../../banking/BankTransactionScreen.tsx'));
const BankTransactionListScreen = lazy(() => import('../../banking/BankTransactionListScreen.tsx'));
const PostingListScreen = lazy(() => import('../../accounting/PostingListScreen.tsx'));
const PostingEventScreen = lazy(() => import('../../accounting/PostingEventScreen.tsx'));
/** The generic detail screen (forms, every field input, the workflow card) stays out of the list routes' JavaScript. */
const DetailScreen = lazy(() => import('../../entities/DetailScreen.tsx').then((m) => ({ default: m.DetailScreen })));

export const customDetailScreens: Record<string, ComponentType<ScreenProps>> = {
  person: PersonScreen,
  financedRecord: FinancedRecordScreen,
  productTable: ProductTableScreen,
  amendment: AmendmentScreen,
  cashflow: CashflowScreen,
  invoice: InvoiceScreen,
  batch: BatchScreen,
  paymentFile: PaymentFileScreen,
  collectionCase: CollectionCaseScreen,
  camt: CamtScreen,
  bankTransaction: BankTransactionScreen,
  postingEvent: PostingEventScreen,
};
export const customListScreens: Record<string, ComponentType<ScreenProps>> = {
  person: PersonListScreen,
  exports: ExportsScreen,
  invoices: InvoiceListScreen,
  batches: BatchListScreen,
  agreements: AgreementListScreen,
  paymentFiles: PaymentFileListScreen,
  camts: CamtListScreen,
  bankTransactions: BankTransactionListScreen,
  postings: PostingListScreen,
};

/** The screen a declaration names; a key the web does not know is a mistake, not the generic screen. */
function screenOf(screens: Record<string, ComponentType<ScreenProps>>, key: string | undefined, entity: Entity) {
  if (key === undefined) return undefined;
  if (!Object.hasOwn(screens, key))
    throw new Error(`${entity.name} names the screen "${key}", which the web does not have`);
  return screens[key];
}

/** The detail screen of a kind: its own when it has one, else the generic screen. */
export function EntityDetailScreen(props: ScreenProps) {
  const Screen = screenOf(customDetailScreens, props.entity.screens.detail, props.entity) ?? DetailScreen;
  return (
    <Suspense fallback={<Loading />}>
      <Screen {...props} />
    </Suspense>
  );
}

/** The list screen of a kind: its own when it has one, else the generic screen. */
export function EntityListScreen(props: ScreenProps) {
  const Custom = screenOf(customListScreens, props.entity.screens.list, props.entity);
  if (!Custom) return <ListScreen {...props} />;
  return (
    <Suspense fallback={<Loading />}>
      <Custom {...props} />
    </Suspense>
  );
}
