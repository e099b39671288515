import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { AlertOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import type { Row } from '../app/api/data-provider.ts';
import { useSession } from '../app/session/session-context.tsx';
import { ListScreen } from '../entities/ListScreen.tsx';
import { LinkedItemsCell } from '../entities/LinkedItemsCell.tsx';
import { readListState } from '../entities/list-state.ts';
import { pageConfigOf, pageNameOf } from '../entities/page-config.ts';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatCurrency } from '../i18n/formats.ts';
import { useInvoiceKpis, type StatusFigures } from './billing-api.ts';
import { InvoicePdfAction } from './InvoicePdfAction.tsx';
import { RunBillingDialog } from './RunBillingDialog.tsx';
import { RunDunningDialog } from './RunDunningDialog.tsx';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The amounts under a KPI count: incl. tax per currency, and the balance still due when it differs. */
function Amounts({
  figures,
  locale,
  balanceLabel,
}: {
  figures: StatusFigures;
  locale: string;
  balanceLabel(amount: string): string;
}) {
  return (
    <>
      {Object.entries(figures.amounts).map(([currency, sums]) => (
        <div key={currency} data-currency={currency}>
          {formatCurrency(sums.amountInclTax, currency, locale)}
          {sums.totalBalance !== sums.amountInclTax && (
            <div>{balanceLabel(formatCurrency(sums.totalBalance, currency, locale))}</div>
          )}
        </div>
      ))}
    </>
  );
}

/**
 * The invoices list (spec 001 §2.4): the shared list with, in its KPI block, the amounts of each
 * status beside its count; a Run billing button opening the billing dialog (unless the page
 * configuration hides it: `options.pages.InvoicesPage.hideRunBilling`); a PDF action per row; the
 * payer and payee as links to their persons, names cut to 17 characters (the full name in the
 * tooltip). The contract and the invoice itself are linked by the generic columns.
 */
export default function InvoiceListScreen({ entity }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { configuration } = useSession();
  const [billing, setBilling] = useState(false);
  const [dunning, setDunning] = useState(false);
  const page = useMemo(
    () => pageConfigOf(entity.listRoute, configuration?.options),
    [entity.listRoute, configuration?.options],
  );
  const pages = isRecord(configuration?.options.pages) ? configuration.options.pages : {};
  const ownPage = pages[pageNameOf(entity.listRoute)];
  const hideRunBilling = isRecord(ownPage) && ownPage.hideRunBilling === true;

  // The same filters and free text as the list: the amounts add up what the counts count.
  const state = useMemo(() => readListState(entity, params), [entity, params]);
  const filters = useMemo(
    () => ({ ...state.filters, search: state.search || undefined }),
    [state.filters, state.search],
  );
  const kpis = useInvoiceKpis(filters, !page.hideKpis);
  const figures = useMemo(() => {
    if (!kpis.data) return undefined;
    const balance = (amount: string) => t('Balance {amount}', { amount });
    const out: Record<string, ReactNode> = {
      '': <Amounts figures={kpis.data} locale={i18n.language} balanceLabel={balance} />,
    };
    for (const [status, figure] of Object.entries(kpis.data.statuses))
      out[status] = <Amounts figures={figure} locale={i18n.language} balanceLabel={balance} />;
    return out;
  }, [kpis.data, i18n.language, t]);

  const roles = useListOptions(entity.fields.persons.fields?.role?.list);
  const renderers = useMemo(
    () => ({
      persons: (row: Row) =>
        Array.isArray(row.persons) ? (
          <LinkedItemsCell
            linked
            items={row.persons}
            field={entity.fields.persons}
            roleLabel={(role) => optionLabel(roles.options, role, !roles.loading)}
          />
        ) : null,
    }),
    [entity, roles.options, roles.loading],
  );
  const rowActions = useCallback((row: Row) => <InvoicePdfAction row={row} />, []);

  const actions = !entity.readOnly && (
    <>
      {!hideRunBilling && (
        <Button icon={<ThunderboltOutlined />} onClick={() => setBilling(true)} data-testid="run-billing">
          {t('Run billing')}
        </Button>
      )}
      <Button icon={<AlertOutlined />} onClick={() => setDunning(true)} data-testid="run-dunning">
        {t('Run dunning')}
      </Button>
    </>
  );
  return (
    <>
      <ListScreen
        entity={entity}
        actions={actions}
        rowActions={rowActions}
        renderers={renderers}
        kpiFigures={figures}
      />
      <RunBillingDialog open={billing} onClose={() => setBilling(false)} />
      <RunDunningDialog open={dunning} onClose={() => setDunning(false)} />
    </>
  );
}
