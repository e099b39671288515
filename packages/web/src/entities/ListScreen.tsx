import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Space, Tooltip, theme } from 'antd';
// The dropdown's own file: antd's `Dropdown` also brings the deprecated Dropdown.Button.
import Dropdown from 'antd/es/dropdown/dropdown';
import {
  CheckSquareOutlined,
  DownOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { useUiState } from '../app/ui-state.ts';
import { KpiStrip } from './KpiStrip.tsx';
import { SearchRow } from './SearchRow.tsx';
import { ResultTable, sortable, type ExtraColumn } from './ResultTable.tsx';
import { PinnedRows, PinToggle, usePins } from './PinnedRows.tsx';
import { HiddenHitsNotice } from './HiddenHitsNotice.tsx';
import { Pager } from './Pager.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { registrationOf, useEntityList, type ListResult, type Row } from './use-entity-list.ts';
import { useTableConfig } from './use-table-config.ts';
import { mergeFilters, readListState, rowsOf, withFilters, writeListState, type ListState } from './list-state.ts';
import { pageConfigOf } from './page-config.ts';
import { useSession } from '../app/session/session-context.tsx';
import { useShortcut } from '../app/shortcuts.ts';
import { columnLabel } from './entity-fields.ts';
import { useStatusTones } from './workflow/workflow-api.ts';
import { useWebModules } from '../app/web-module.ts';

/**
 * What a list shows only on demand is loaded on first use, so that the list route's JavaScript
 * carries none of it: advanced search (saved searches, modal, switches), the workflow menus and
 * their icons, the row transitions drawer, the export (and its progress in the background, which a
 * domain module brings: `slots.backgroundExport`).
 */
const AdvancedSearch = lazy(() => import('./AdvancedSearch.tsx').then((m) => ({ default: m.AdvancedSearch })));
const ListTransitions = lazy(() =>
  import('./workflow/ListTransitions.tsx').then((m) => ({ default: m.ListTransitions })),
);
const RowTransitions = lazy(() => import('./workflow/RowTransitions.tsx').then((m) => ({ default: m.RowTransitions })));

/** The API answers at most 250 rows at once: Load more stops there. */
const maxRange = 250;

/** What a domain's list screen adds to the shared one (spec 001 §2.4: the invoices' Run billing, PDF action, amounts). */
export interface ListExtensions {
  /** Buttons of the title row, before Add. */
  actions?: ReactNode;
  /** Controls at the end of each row, before its pin. */
  rowActions?(row: Row): ReactNode;
  /** Declared columns drawn by the domain, by field. */
  renderers?: Record<string, (row: Row) => ReactNode>;
  /** Columns after the declared ones. */
  extraColumns?: ExtraColumn[];
  /** A second line under the KPI counts, by status (`''`: the total). */
  kpiFigures?: Record<string, ReactNode>;
  /** Reads the page again after this many milliseconds while it answers a number (rows under way). */
  refetchInterval?(result: ListResult | undefined): number | false;
  /** Where the add button goes, when not the kind's create route (a dynamic kind's `/page/{name}/new`). */
  addLink?: string;
}

/** The shared list screen (spec 001 §1): KPIs, search row, table, paging, Load more, export, add. */
export function ListScreen({
  entity,
  actions,
  rowActions,
  renderers,
  extraColumns,
  kpiFigures,
  refetchInterval,
  addLink,
}: { entity: Entity } & ListExtensions) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const route = `/${entity.listRoute}`;
  const { configuration } = useSession();
  const page = useMemo(
    () => pageConfigOf(entity.listRoute, configuration?.options),
    [entity.listRoute, configuration?.options],
  );
  const { config, save, reset } = useTableConfig(entity, route, page.pageSize, page.columns);
  const [kpisHidden, setKpisHidden] = useUiState(`kpis.${route}.hidden`, false);
  const advancedEnabled = configuration?.options.advancedSearch !== false;
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // Mounted once opened, then kept: closing and opening again keeps its state, as before.
  const [advancedUsed, setAdvancedUsed] = useState(false);
  useEffect(() => {
    if (advancedOpen) setAdvancedUsed(true);
  }, [advancedOpen]);
  const { pins, pin, unpin } = usePins(entity, route);
  const pinned = useMemo(() => new Set(pins.map((p) => p.registration)), [pins]);
  const pinAction = useCallback(
    (row: Record<string, unknown>) => {
      const toggle = (
        <PinToggle
          pinned={pinned.has(registrationOf(row))}
          registration={registrationOf(row)}
          onPin={pin}
          onUnpin={unpin}
        />
      );
      return rowActions ? (
        <Space size={4}>
          {rowActions(row)}
          {toggle}
        </Space>
      ) : (
        toggle
      );
    },
    [pinned, pin, unpin, rowActions],
  );
  const [exporting, setExporting] = useState(false);
  // An export gone to the background, followed live until its file can be downloaded.
  const [backgroundExport, setBackgroundExport] = useState<Record<string, unknown>>();
  const BackgroundExportDialog = useWebModules().slots.backgroundExport;
  // The selectable-row mode (kinds with a status): row checkboxes and the workflow transitions.
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const tones = useStatusTones(entity);
  // The clicked row whose transitions are shown (spec issue 5 §4), unless the page hides them.
  const [clicked, setClicked] = useState<{ registration: string; version: unknown; row: Record<string, unknown> }>();
  const [rowClickUsed, setRowClickUsed] = useState(false);
  useEffect(() => {
    if (clicked) setRowClickUsed(true);
  }, [clicked]);
  const onRowClick = useCallback(
    (row: Record<string, unknown>) => setClicked({ registration: registrationOf(row), version: row.status, row }),
    [],
  );
  const rowTransitions = Boolean(entity.status) && !page.hideRowTransitions;
  const state = useMemo(() => readListState(entity, params), [entity, params]);
  const { data, isFetching, isPlaceholderData } = useEntityList(entity, state, config.pageSize, refetchInterval);
  // Memoised: the result table rebuilds its column renderers whenever this list changes.
  const columns = useMemo(
    () => entity.columns.filter((c) => config.columns.includes(c.field)),
    [entity, config.columns],
  );
  const title = page.title ? t(page.title) : t(entity.labels.en.plural);
  // A page configuration's default query applies when the page is opened without one.
  useEffect(() => {
    if (page.defaultQuery && [...params.keys()].length === 0)
      setParams(new URLSearchParams(page.defaultQuery), { replace: true });
  }, [page.defaultQuery, params, setParams]);
  useShortcut('alt+q', () => setAdvancedOpen((open) => !open), advancedEnabled);
  // Changes build on the latest requested state, not on the last render: two quick changes
  // (a filter typed, then another) must not undo each other.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  const update = useCallback(
    (change: (current: ListState) => ListState) => {
      latest.current = change(latest.current);
      setParams(writeListState(latest.current));
    },
    [setParams],
  );
  const go = useCallback((next: ListState) => update(() => next), [update]);
  const onFilters = useCallback(
    (changes: Record<string, string>) => update((s) => withFilters(s, mergeFilters(s.filters, changes))),
    [update],
  );
  const onSearch = useCallback((search: string) => update((s) => withFilters(s, s.filters, search)), [update]);
  const onReset = useCallback(() => go({ filters: {}, search: '', page: 1 }), [go]);
  // Stable, like the handlers above: the search row is memoised and must not redraw its filters with each answer.
  const toggleAdvanced = useCallback(() => setAdvancedOpen((open) => !open), []);
  const [start, end] = rowsOf(state, config.pageSize);
  const statusCounts = data?.breakdown?.status;
  // The status breakdown counts every match: the exact total, where pagination-size stops counting 200 past the page.
  const total = statusCounts ? Object.values(statusCounts).reduce((sum, n) => sum + n, 0) : (data?.size ?? 0);
  const totalAtLeast = !statusCounts && Boolean(data?.sizeAtLeast);
  const canAdd = !entity.readOnly && page.addButton !== false;
  const canSelect = Boolean(entity.status) && !page.hideTransitions;
  const shown = (data?.rows ?? []).map(registrationOf);
  const toggleSelecting = () => {
    setSelecting(!selecting);
    setSelected([]);
  };
  // After a run the list shows the records it ran on, with their new statuses.
  const showRegistrations = (registrations: string[]) =>
    go({ filters: { registration: registrations.join(',') }, search: '', page: 1 });

  const navigate = useNavigate();
  // The server exports what the screen shows: filters, search, sort, the visible columns and their headers.
  const exportRows = async (format: 'xlsx' | 'csv') => {
    setExporting(true);
    try {
      const { exportList } = await import('./list-export.ts');
      await exportList({
        entity,
        state,
        columns,
        labels: columns.map((c) => t(columnLabel(entity, c))),
        title,
        locale: i18n.language,
        format,
        openExports: () => void navigate('/exports'),
        onBackground: setBackgroundExport,
      });
    } catch {
      // The client has shown the error.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div
      data-testid={`list-${entity.listRoute}`}
      data-list-state={isFetching || isPlaceholderData ? 'loading' : 'ready'}
      data-query={params.toString()}
    >
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        {/* Plain elements in the theme's heading and secondary text: antd's Typography (ellipsis,
            copy, edit) stays out of the list route. */}
        <h3
          style={{
            margin: 0,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </h3>
        <Space wrap>
          {entity.status && !page.hideKpis && (
            <Tooltip title={kpisHidden ? t('Show KPIs') : t('Hide KPIs')}>
              <Button
                icon={kpisHidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                onClick={() => setKpisHidden(!kpisHidden)}
                aria-label={kpisHidden ? t('Show KPIs') : t('Hide KPIs')}
              />
            </Tooltip>
          )}
          {canSelect && (
            <Button
              icon={<CheckSquareOutlined />}
              type={selecting ? 'primary' : 'default'}
              aria-pressed={selecting}
              onClick={toggleSelecting}
            >
              {t('Select')}
            </Button>
          )}
          <ColumnChooser
            entity={entity}
            visible={config.columns}
            onChange={(c) => save({ columns: c })}
            onReset={reset}
          />
          <Space.Compact>
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportRows('xlsx')}>
              {t('Export')}
            </Button>
            <Dropdown
              disabled={exporting}
              menu={{ items: [{ key: 'csv', label: t('Export as CSV') }], onClick: () => void exportRows('csv') }}
            >
              <Button icon={<DownOutlined />} aria-label={t('More file formats')} />
            </Dropdown>
          </Space.Compact>
          {actions}
          {canAdd && (
            <Link to={page.addLink ?? addLink ?? `/${entity.clientRoute}`}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t('Add')}
              </Button>
            </Link>
          )}
        </Space>
      </Flex>
      {entity.status && !page.hideKpis && !kpisHidden && statusCounts && (
        <KpiStrip
          counts={statusCounts}
          total={total}
          list={entity.status}
          active={/^[^,-]+$/.test(state.filters.status ?? '') ? state.filters.status : undefined}
          onSelect={(status) => onFilters({ status: status ?? '' })}
          tones={tones}
          figures={kpiFigures}
        />
      )}
      <SearchRow
        entity={entity}
        route={route}
        filters={state.filters}
        search={state.search}
        onFilters={onFilters}
        onSearch={onSearch}
        onReset={onReset}
        onAdvanced={advancedEnabled ? toggleAdvanced : undefined}
      />
      {advancedEnabled && advancedUsed && (
        <Suspense fallback={null}>
          <AdvancedSearch
            entity={entity}
            page={route}
            state={state}
            sortable={entity.columns.filter((c) => sortable(entity, c))}
            open={advancedOpen}
            inModal={config.advancedSearchInModal}
            onInModal={(inModal) => save({ advancedSearchInModal: inModal })}
            onClose={() => setAdvancedOpen(false)}
            onApply={(next) => {
              latest.current = readListState(entity, next);
              setParams(next);
            }}
          />
        </Suspense>
      )}
      <PinnedRows entity={entity} columns={columns} pins={pins} onUnpin={unpin} tones={tones} />
      <HiddenHitsNotice search={state.search} columns={columns} rows={data?.rows ?? []} loading={isFetching} />
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <span style={{ color: token.colorTextSecondary }} data-testid="row-count">
          {t('{count} rows', { count: `${total}${totalAtLeast ? '+' : ''}` })}
          {selecting && selected.length > 0 && ` · ${t('{count} selected', { count: selected.length })}`}
        </span>
        {selecting && (
          <Suspense fallback={null}>
            <ListTransitions
              entity={entity}
              selected={selected}
              shown={shown}
              onSelect={setSelected}
              onDone={showRegistrations}
            />
          </Suspense>
        )}
      </Flex>
      <div data-testid="results">
        <ResultTable
          entity={entity}
          columns={columns}
          rows={data?.rows ?? []}
          loading={isFetching}
          sort={state.sort}
          onSort={(sort) => update((s) => ({ ...s, sort, page: 1, range: undefined }))}
          tones={tones}
          selection={selecting ? { registrations: selected, onChange: setSelected } : undefined}
          rowAction={pinAction}
          renderers={renderers}
          extraColumns={extraColumns}
          onRowClick={rowTransitions ? onRowClick : undefined}
        />
      </div>
      {backgroundExport && BackgroundExportDialog && (
        <Suspense fallback={null}>
          <BackgroundExportDialog
            record={backgroundExport}
            onClose={() => setBackgroundExport(undefined)}
            openExports={() => void navigate('/exports')}
          />
        </Suspense>
      )}
      {rowTransitions && rowClickUsed && (
        <Suspense fallback={null}>
          <RowTransitions
            entity={entity}
            registration={clicked?.registration}
            version={clicked?.version}
            record={clicked?.row}
            onClose={() => setClicked(undefined)}
          />
        </Suspense>
      )}
      {data?.continues && end - start + 1 + config.pageSize <= maxRange && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button onClick={() => update((s) => ({ ...s, range: [start, end + config.pageSize] }))}>
            {t('Load more')}
          </Button>
        </Flex>
      )}
      <Pager
        page={state.page}
        pageSize={config.pageSize}
        size={total}
        onPage={(n) => update((s) => ({ ...s, page: n, range: undefined }))}
        onPageSize={(pageSize) => {
          save({ pageSize });
          update((s) => ({ ...s, page: 1, range: undefined }));
        }}
      />
    </div>
  );
}
