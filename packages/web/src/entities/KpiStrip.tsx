import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { statusColour } from './StatusBadge.tsx';
import { formatNumber } from '../i18n/formats.ts';

const tone: Record<string, string> = {
  success: '#389e0d',
  error: '#cf1322',
  warning: '#d48806',
  processing: '#1f5fa8',
  ongoing: '#1f5fa8',
  stopped: '#8c8c8c',
  current: '#1f5fa8',
  default: 'inherit',
};

/** One count: a title and a figure, the whole tile a button. Plain markup: antd's card and statistic weighed more than the strip. */
function Kpi({
  title,
  value,
  colour,
  active,
  onClick,
  status,
  figure,
}: {
  title: string;
  value: string;
  colour?: string;
  active?: boolean;
  onClick(): void;
  status?: string;
  figure?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      onClick={onClick}
      data-kpi={status}
      aria-pressed={active}
      style={{
        minWidth: 110,
        padding: '8px 12px',
        textAlign: 'start',
        cursor: 'pointer',
        font: 'inherit',
        background: token.colorBgContainer,
        border: `1px solid ${active ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <div style={{ color: token.colorTextSecondary, fontSize: token.fontSize, marginBottom: 4 }}>{title}</div>
      <div style={{ color: colour ?? token.colorTextHeading, fontSize: 24, lineHeight: 1.2 }}>{value}</div>
      {figure !== undefined && (
        <div data-kpi-figure style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, marginTop: 4 }}>
          {figure}
        </div>
      )}
    </button>
  );
}

/** Counts per status from the list's breakdown; a click filters on that status. */
export function KpiStrip({
  counts,
  total,
  list,
  active,
  onSelect,
  tones,
  figures,
}: {
  counts: Record<string, number>;
  total: number;
  list?: string | false;
  active?: string;
  onSelect(status: string | undefined): void;
  /** Tones of the kind's workflow, when loaded. */
  tones?: Record<string, string>;
  /** A second line under a count (amounts of that status), by status; `''` under the total. */
  figures?: Record<string, ReactNode>;
}) {
  const { t, i18n } = useTranslation();
  const { options, loading } = useListOptions(list || undefined);
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }} data-testid="kpis">
      <Kpi
        title={t('Total')}
        value={formatNumber(total, i18n.language)}
        onClick={() => onSelect(undefined)}
        figure={figures?.['']}
      />
      {entries.map(([status, count]) => (
        <Kpi
          key={status}
          status={status}
          title={optionLabel(options, status, !loading)}
          value={formatNumber(count, i18n.language)}
          active={active === status}
          colour={tone[tones?.[status] ?? statusColour(status)]}
          onClick={() => onSelect(active === status ? undefined : status)}
          figure={figures?.[status]}
        />
      ))}
    </Flex>
  );
}
