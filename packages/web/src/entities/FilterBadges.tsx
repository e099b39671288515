import { Flex } from 'antd';
import { LazyTag as Tag } from './LazyTag.tsx';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { filterLabel, humanise, rangeParams } from './entity-fields.ts';

/** The label of a query parameter: the filter's name, with `from`/`to`/`min`/`max` for range bounds. */
export function paramLabel(entity: Entity, param: string, t: TFunction | ((key: string) => string)): string {
  if (param === 'filter') return t('Search');
  if (param === 'sort') return t('Sort by');
  for (const filter of entity.filters) {
    if (filter.name === param) return t(filterLabel(entity, filter));
    if (filter.kind === 'range') {
      const [low, high] = rangeParams(entity, filter);
      if (param === low) return `${t(filterLabel(entity, filter))} ${t(low.startsWith('from') ? 'from' : 'min')}`;
      if (param === high) return `${t(filterLabel(entity, filter))} ${t(high.startsWith('to') ? 'to' : 'max')}`;
    }
  }
  return humanise(param);
}

/** One badge per active filter (spec 000 §5: what a saved search keeps); closing one removes the filter. */
export function FilterBadges({
  entity,
  filters,
  onRemove,
}: {
  entity: Entity;
  filters: Record<string, string>;
  onRemove(param: string): void;
}) {
  const { t } = useTranslation();
  const active = Object.entries(filters).filter(([, v]) => v);
  if (!active.length) return null;
  return (
    <Flex wrap gap={4} style={{ marginTop: 8 }} data-testid="filter-badges">
      {active.map(([param, value]) => (
        <Tag
          key={param}
          closable
          onClose={(e) => {
            e.preventDefault();
            onRemove(param);
          }}
          closeIcon={<span aria-label={t('Remove {name}', { name: paramLabel(entity, param, t) })}>×</span>}
        >
          {paramLabel(entity, param, t)}: {value}
        </Tag>
      ))}
    </Flex>
  );
}
