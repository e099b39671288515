import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Empty, Modal, Segmented, Select, Space, Spin, Tooltip } from 'antd';
import { ExpandOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { FormCard } from '../entities/FormCard.tsx';
import { useListOptions } from '../fields/reference-lists.ts';
import { hierarchyOf as fetchHierarchy, personKeys } from './person-api.ts';
import {
  canShowTree,
  depthOptions,
  filterHierarchy,
  hierarchyOf,
  isLargeLayout,
  relationConstants,
  type DepthFilter,
} from './relations.ts';
import type { CardProps } from './ContactsPanel.tsx';

/** The chart and its library load only when a diagram is shown. */
const RelationsChart = lazy(() => import('./RelationsChart.tsx'));

/**
 * The Relations card (spec 002 §2, §4, §9): the person's hierarchy as a network (default) or a
 * tree (only when every person has at most one parent), a depth filter, and an enlarged view.
 */
export function RelationsCard({
  entity,
  registration,
  card,
}: {
  entity: Entity;
  registration: string;
  card: CardProps;
}) {
  const { t } = useTranslation();
  // The hierarchy first loads 400 ms after the card appears, so the form is usable first.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), relationConstants.firstLoadDelayMs);
    return () => clearTimeout(timer);
  }, []);
  const { data, isLoading, isError } = useQuery({
    queryKey: personKeys.hierarchy(entity, registration),
    queryFn: ({ signal }) => fetchHierarchy(entity, registration, signal),
    enabled: ready && !card.collapsed,
  });
  const hierarchy = useMemo(() => hierarchyOf(data), [data]);
  const treeAllowed = canShowTree(hierarchy);
  const depths = depthOptions(hierarchy, registration);
  const [mode, setMode] = useState<'network' | 'tree'>('network');
  const [depth, setDepth] = useState<DepthFilter>('All');
  const [enlarged, setEnlarged] = useState(false);
  const { options: relationLabels } = useListOptions('personRelation');
  const { options: riskClasses } = useListOptions('riskClass');
  const shown = useMemo(() => filterHierarchy(hierarchy, registration, depth), [hierarchy, registration, depth]);
  const view = treeAllowed ? mode : 'network';

  const controls = (
    <Space size={4} wrap>
      {treeAllowed && (
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setMode(v as 'network' | 'tree')}
          options={[
            { value: 'network', label: t('Network') },
            { value: 'tree', label: t('Tree') },
          ]}
          data-testid="relations-mode"
        />
      )}
      {depths.length > 0 && (
        <Select
          size="small"
          value={depth}
          style={{ width: 120 }}
          aria-label={t('Depth')}
          data-testid="relations-depth"
          onChange={setDepth}
          options={depths.map((d) => ({ value: d, label: typeof d === 'number' ? String(d) : t(d) }))}
        />
      )}
      <Tooltip title={t('Enlarge')}>
        <Button
          size="small"
          icon={<ExpandOutlined />}
          aria-label={t('Enlarge')}
          onClick={() => setEnlarged(true)}
          data-testid="relations-enlarge"
        />
      </Tooltip>
    </Space>
  );
  const chart = (height: number) => (
    <Suspense fallback={<Spin />}>
      <RelationsChart
        hierarchy={shown}
        main={registration}
        mode={view}
        height={height}
        relationLabel={(code) => relationLabels.find((o) => o.value === code)?.label ?? `${code} (???)`}
        riskClasses={riskClasses}
      />
    </Suspense>
  );
  const height = isLargeLayout(shown) ? 560 : 360;
  let body;
  if (!ready || isLoading) body = <Spin />;
  else if (isError || hierarchy.persons.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} />;
  else body = chart(height);
  return (
    <FormCard {...card} extra={hierarchy.persons.length > 0 && controls}>
      <div data-testid="relations-card">{body}</div>
      {enlarged && (
        <Modal
          open
          title={t('Relations')}
          width="90vw"
          footer={null}
          onCancel={() => setEnlarged(false)}
          destroyOnHidden
        >
          {controls}
          {chart(Math.round(window.innerHeight * 0.7))}
        </Modal>
      )}
    </FormCard>
  );
}
