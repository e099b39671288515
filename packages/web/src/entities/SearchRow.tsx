import { memo, useEffect, useState } from 'react';
import { Button, Col, Row, Space } from 'antd';
// Input's own files: antd's `Input` also brings the text area and the one-time-code input.
import Search from 'antd/es/input/Search';
import { Panel } from './Panel.tsx';
import { ClearOutlined, DownOutlined, FilterOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { filterControl } from './filters/filter-controls.ts';
import { filterLabel, rangeParams } from './entity-fields.ts';
import { useUiState } from '../app/ui-state.ts';
import { FilterBadges } from './FilterBadges.tsx';

/** Filters shown before "More filters". */
const firstFilters = 8;

interface Props {
  entity: Entity;
  route: string;
  filters: Record<string, string>;
  search: string;
  /** Changed filter values (an empty one removes the filter). */
  onFilters(changes: Record<string, string>): void;
  onSearch(search: string): void;
  onReset(): void;
  /** Opens the advanced search (Alt+Q); absent when the configuration turns it off. */
  onAdvanced?(): void;
}

/** The search row: the declared filters (hidden ones left out) and the free-text filter. */
export const SearchRow = memo(function SearchRow({
  entity,
  route,
  filters,
  search,
  onFilters,
  onSearch,
  onReset,
  onAdvanced,
}: Props) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useUiState(`search.${route}.expanded`, false);
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  const visible = entity.filters.filter((f) => !f.hidden);
  const hasValue = (name: string, kind: string) =>
    kind === 'range'
      ? rangeParams(entity, visible.find((f) => f.name === name)!).some((p) => filters[p])
      : Boolean(filters[name]);
  const shown = expanded ? visible : visible.filter((f, i) => i < firstFilters || hasValue(f.name, f.kind));
  return (
    <Panel style={{ marginBottom: 16 }} data-testid="search-row">
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} lg={6}>
          <Search
            aria-label={t('Search')}
            placeholder={t('Search')}
            value={text}
            allowClear
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => onSearch(v.trim())}
          />
        </Col>
        {shown.map((filter) => {
          const Control = filterControl(entity, filter);
          const label = t(filterLabel(entity, filter));
          return (
            <Col key={filter.name} xs={24} sm={12} lg={filter.kind === 'range' ? 8 : 6} data-filter={filter.name}>
              <Control entity={entity} filter={filter} label={label} values={filters} onChange={onFilters} />
            </Col>
          );
        })}
      </Row>
      <Space style={{ marginTop: 12 }}>
        {visible.length > firstFilters && (
          <Button
            size="small"
            type="link"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t('Fewer filters') : t('More filters')}
          </Button>
        )}
        <Button size="small" icon={<ClearOutlined />} onClick={onReset}>
          {t('Reset')}
        </Button>
        {onAdvanced && (
          <Button size="small" icon={<FilterOutlined />} onClick={onAdvanced}>
            {t('Advanced search')}
          </Button>
        )}
      </Space>
      <FilterBadges entity={entity} filters={filters} onRemove={(param) => onFilters({ [param]: '' })} />
    </Panel>
  );
});
