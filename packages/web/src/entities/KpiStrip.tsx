import { Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { statusColour } from './StatusBadge.tsx';

const tone: Record<string, string> = { success: '#389e0d', error: '#cf1322', warning: '#d48806', processing: '#1f5fa8', ongoing: '#1f5fa8', stopped: '#8c8c8c', current: '#1f5fa8', default: 'inherit' };

/** Counts per status from the list's breakdown; a click filters on that status. */
export function KpiStrip({ counts, total, list, active, onSelect, tones }: {
  counts: Record<string, number>;
  total: number;
  list?: string | false;
  active?: string;
  onSelect(status: string | undefined): void;
  /** Tones of the kind's workflow, when loaded. */
  tones?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { options, loading } = useListOptions(list || undefined);
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }} data-testid="kpis">
      <Card size="small" hoverable style={{ minWidth: 110 }} onClick={() => onSelect(undefined)}>
        <Statistic title={t('Total')} value={total} />
      </Card>
      {entries.map(([status, count]) => (
        <Card key={status} size="small" hoverable style={{ minWidth: 110, borderColor: active === status ? '#1f5fa8' : undefined }}
          onClick={() => onSelect(active === status ? undefined : status)} data-kpi={status}>
          <Statistic title={optionLabel(options, status, !loading)} value={count} styles={{ content: { color: tone[tones?.[status] ?? statusColour(status)] } }} />
        </Card>
      ))}
    </Flex>
  );
}
