import { useState } from 'react';
import { AutoComplete, Button, Input, Select } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { notify } from '../app/notify.tsx';
import { saveFile } from '../entities/list-export.ts';
import { useRecordSearch } from '../fields/record-search.ts';
import { formatCurrency } from '../i18n/formats.ts';
import {
  reportWorkbook,
  rulesVocabularyOf,
  trialBalanceOf,
  type ReportName,
  type ReportQuery,
} from './accounting-api.ts';

/** The pieces the books' report screens share: the Excel button, the person and account pickers, money. */
export const personKind = entityByName('Person')!;
export const invoiceKind = entityByName('Invoice')!;
export const contractKind = entityByName('Contract')!;

export function useMoney() {
  const { i18n } = useTranslation();
  return (v: unknown, currency: string) => formatCurrency(v, currency, i18n.language);
}

/** Downloads the report with the screen's filters as the server's Excel workbook. */
export function ExcelButton({
  report,
  query,
  disabled,
}: {
  report: ReportName;
  query: ReportQuery;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { file, fileName } = await reportWorkbook(report, query, i18n.language);
      saveFile(file, fileName);
      notify({ level: 'success', message: t('File downloaded') });
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void download()}
      data-testid={`excel-${report}`}
    >
      {t('Export to Excel')}
    </Button>
  );
}

/** A person by registration, found by typing part of its name or registration. */
export function PersonPicker({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value?: string;
  onChange(v: string | undefined): void;
  placeholder: string;
  testId: string;
}) {
  const [text, setText] = useState(value ?? '');
  const { options } = useRecordSearch(personKind, text);
  return (
    <AutoComplete
      value={text}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      style={{ width: 260 }}
      onChange={(next: string) => {
        setText(next);
        if (!next) onChange(undefined);
      }}
      onSelect={(next: string) => {
        setText(next);
        onChange(next);
      }}
      onBlur={() => onChange(text.trim() || undefined)}
    >
      <Input allowClear placeholder={placeholder} data-testid={testId} />
    </AutoComplete>
  );
}

/** The accounts a ledger may show: the chart's and those with postings, `number · label`. */
export function useAccountOptions() {
  const { data: vocabulary } = useQuery({
    queryKey: ['accounting', 'vocabulary'],
    queryFn: ({ signal }) => rulesVocabularyOf(signal),
    staleTime: 60_000,
  });
  const { data: balance } = useQuery({
    queryKey: ['accounting', 'trial-balance', {}],
    queryFn: ({ signal }) => trialBalanceOf({}, signal),
    staleTime: 60_000,
  });
  const labels = new Map<string, string>();
  for (const a of vocabulary?.accounts ?? []) labels.set(a.account, a.label);
  for (const a of balance?.accounts ?? []) if (!labels.has(a.account)) labels.set(a.account, a.label);
  return [...labels]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, label]) => ({ value: account, label: `${account} · ${label}` }));
}

export function AccountPicker({
  value,
  onChange,
  testId,
  width = 320,
}: {
  value?: string;
  onChange(v: string | undefined): void;
  testId: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const options = useAccountOptions();
  return (
    <Select
      showSearch
      allowClear
      value={value}
      onChange={(v?: string) => onChange(v)}
      options={options}
      placeholder={t('Account')}
      optionFilterProp="label"
      style={{ width }}
      data-testid={testId}
    />
  );
}

export const queryOf = (q: Record<string, string | undefined>): ReportQuery =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v));
