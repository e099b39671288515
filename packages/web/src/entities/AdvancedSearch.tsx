import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import { useShortcut } from '../app/shortcuts.ts';
import { notify } from '../app/notify.tsx';
import { usePreferences } from '../app/session/use-preferences.ts';
import { filterControl } from './filters/filter-controls.ts';
import { columnLabel, filterLabel } from './entity-fields.ts';
import { mergeFilters, writeListState, type ListState } from './list-state.ts';
import {
  defaultSearchName,
  recalledParams,
  refusalOf,
  savedSearchesOf,
  searchQuery,
  type SavedSearch,
} from './saved-searches.ts';
import { paramLabel } from './FilterBadges.tsx';

interface Props {
  entity: Entity;
  /** The page path: the saved searches' group. */
  page: string;
  state: ListState;
  /** Columns the server can sort on, for the sorting selector. */
  sortable: ColumnDef[];
  open: boolean;
  inModal: boolean;
  onInModal(inModal: boolean): void;
  onClose(): void;
  /** Rewrites the URL query with a search (page 1). */
  onApply(params: URLSearchParams): void;
}

/**
 * Advanced search (spec 001 §2.11): every declared filter, the free text and a sorting selector
 * edited as a draft, applied with Search (Alt+S); Reset clears and applies; Save search
 * (Ctrl/Cmd+S) keeps the draft as a SEARCH_FILTER preference of this page, listed below for
 * recall and deletion. Shown as a modal with a static backdrop, or as an inline card.
 */
export function AdvancedSearch({ entity, page, state, sortable, open, inModal, onInModal, onClose, onApply }: Props) {
  const { t } = useTranslation();
  const { preferences, add, remove } = usePreferences();
  const saved = useMemo(() => savedSearchesOf(preferences, page), [preferences, page]);
  const [draft, setDraft] = useState<ListState>(state);
  // The draft as last changed, read by the shortcuts and buttons after a text filter applies on blur.
  const latest = useRef(draft);
  const change = (next: ListState) => {
    latest.current = next;
    setDraft(next);
  };
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      latest.current = state;
      setDraft(state);
      setName('');
    }
  }, [open, state]);

  /** Text inputs apply on blur: leave the focused one first so that its value is in the draft. */
  const settled = () => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    return latest.current;
  };
  const apply = () => {
    onApply(writeListState({ ...settled(), page: 1, range: undefined }));
    if (inModal) onClose();
  };
  const reset = () => {
    change({ filters: {}, search: '', page: 1 });
    onApply(new URLSearchParams());
  };
  const labelOf = (param: string) => paramLabel(entity, param, t);
  const save = async () => {
    const query = searchQuery(entity, settled());
    const refusal = refusalOf(query, saved);
    if (refusal) {
      notify({
        level: 'warning',
        message: refusal === 'empty' ? t('The search is empty: nothing to save') : t('This search is already saved'),
      });
      return;
    }
    setSaving(true);
    try {
      const value: SavedSearch = { name: name.trim() || defaultSearchName(query, labelOf), query };
      await add({ groupId: page, type: 'SEARCH_FILTER', value });
      setName('');
      notify({ level: 'success', message: t('Search saved') });
    } catch {
      // The client has shown the error.
    } finally {
      setSaving(false);
    }
  };
  const recall = (search: SavedSearch) => {
    onApply(recalledParams(search));
    if (inModal) onClose();
  };
  useShortcut('alt+s', apply, open);
  useShortcut('ctrl+s', () => void save(), open);

  const visible = entity.filters.filter((f) => !f.hidden);
  const [sortField, sortDirection] = draft.sort?.startsWith('-')
    ? [draft.sort.slice(1), 'descend']
    : [draft.sort, 'ascend'];
  const body = (
    <div data-testid="advanced-search">
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} lg={8}>
          <Input
            aria-label={t('Search')}
            placeholder={t('Search')}
            value={draft.search}
            allowClear
            onChange={(e) => change({ ...latest.current, search: e.target.value })}
            onPressEnter={apply}
          />
        </Col>
        {visible.map((filter) => {
          const Control = filterControl(entity, filter);
          return (
            <Col key={filter.name} xs={24} sm={12} lg={8} data-filter={filter.name}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(filterLabel(entity, filter))}
              </Typography.Text>
              <Control
                entity={entity}
                filter={filter}
                label={t(filterLabel(entity, filter))}
                values={draft.filters}
                onChange={(changes) =>
                  change({ ...latest.current, filters: mergeFilters(latest.current.filters, changes) })
                }
              />
            </Col>
          );
        })}
        {sortable.length > 0 && (
          <Col xs={24} sm={12} lg={8} data-testid="advanced-sort">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('Sort by')}
            </Typography.Text>
            <Space.Compact block>
              <Select
                aria-label={t('Sort by')}
                allowClear
                style={{ width: '60%' }}
                value={sortField}
                placeholder={t('Sort by')}
                options={sortable.map((c) => ({ value: c.field, label: t(columnLabel(entity, c)) }))}
                onChange={(field?: string) =>
                  change({
                    ...latest.current,
                    sort: field ? (sortDirection === 'descend' ? `-${field}` : field) : undefined,
                  })
                }
              />
              <Radio.Group
                optionType="button"
                value={sortDirection}
                disabled={!sortField}
                onChange={(e) =>
                  change({
                    ...latest.current,
                    sort: sortField ? (e.target.value === 'descend' ? `-${sortField}` : sortField) : undefined,
                  })
                }
                options={[
                  { value: 'ascend', label: t('Ascending') },
                  { value: 'descend', label: t('Descending') },
                ]}
              />
            </Space.Compact>
          </Col>
        )}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('Saved searches')}
      </Typography.Title>
      <Space.Compact style={{ width: '100%', maxWidth: 480, marginBottom: 8 }}>
        <Input
          aria-label={t('Name of the search')}
          placeholder={t('Name of the search')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
          {t('Save search')}
        </Button>
      </Space.Compact>
      {saved.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No saved search')} />
      ) : (
        <List
          size="small"
          data-testid="saved-searches"
          dataSource={saved}
          renderItem={(search) => (
            <List.Item
              actions={[
                <Button
                  key="delete"
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('Delete {name}', { name: search.name })}
                  onClick={() => void remove(search._id!).catch(() => undefined)}
                />,
              ]}
            >
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => recall(search)}
                title={defaultSearchName(search.query, labelOf)}
              >
                {search.name}
              </Button>
            </List.Item>
          )}
        />
      )}
    </div>
  );
  const buttons = (
    <Flex gap={8} justify="space-between" align="center" wrap>
      <Space>
        <Switch size="small" checked={inModal} onChange={onInModal} aria-label={t('Show in a window')} />
        <Typography.Text type="secondary">{t('Show in a window')}</Typography.Text>
      </Space>
      <Space wrap>
        <Button onClick={onClose}>{t('Close')}</Button>
        <Button onClick={reset}>{t('Reset')}</Button>
        <Button type="primary" onClick={apply}>
          {t('Search')}
        </Button>
      </Space>
    </Flex>
  );
  if (inModal) {
    return (
      <Modal
        open={open}
        title={t('Advanced search')}
        onCancel={onClose}
        maskClosable={false}
        keyboard
        width={960}
        footer={buttons}
        destroyOnHidden
      >
        {body}
      </Modal>
    );
  }
  if (!open) return null;
  return (
    <Card
      size="small"
      title={t('Advanced search')}
      style={{ marginBottom: 16 }}
      actions={[
        <div key="buttons" style={{ padding: '0 12px' }}>
          {buttons}
        </div>,
      ]}
    >
      {body}
    </Card>
  );
}
