import { useCallback, useMemo } from 'react';
import { Panel } from './Panel.tsx';
import './pin-toggle.css';
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { usePreferences } from '../app/session/use-preferences.ts';
import type { UserPreference } from '../app/session/configuration.ts';
import { ResultTable } from './ResultTable.tsx';
import { registrationOf, type Row } from './use-entity-list.ts';

/**
 * Pinned rows (spec 000 §3, 001 §1): PINNED_ITEM preferences `{entityName, registration}` of the
 * user, grouped by page path. The pinned records are loaded in parallel and shown above the
 * results; a record that no longer exists is left out.
 */
export interface Pin {
  _id: string;
  registration: string;
}

export function pinsOf(preferences: UserPreference[], entity: Entity, page: string): Pin[] {
  return preferences.flatMap((p) => {
    const value = p.value as { entityName?: unknown; registration?: unknown } | undefined;
    return p.type === 'PINNED_ITEM' &&
      p.groupId === page &&
      p._id &&
      value?.entityName === entity.name &&
      typeof value.registration === 'string'
      ? [{ _id: p._id, registration: value.registration }]
      : [];
  });
}

/** The user's pins of a page, with pin and unpin. */
export function usePins(entity: Entity, page: string) {
  const { preferences, add, remove } = usePreferences();
  const pins = useMemo(() => pinsOf(preferences, entity, page), [preferences, entity, page]);
  const pin = useCallback(
    (registration: string) => {
      void add({ groupId: page, type: 'PINNED_ITEM', value: { entityName: entity.name, registration } }).catch(
        () => undefined,
      );
    },
    [add, page, entity.name],
  );
  const unpin = useCallback(
    (registration: string) => {
      void Promise.all(pins.filter((p) => p.registration === registration).map((p) => remove(p._id))).catch(
        () => undefined,
      );
    },
    [pins, remove],
  );
  return { pins, pin, unpin };
}

/** The pin toggle at the start of a result row. */
export function PinToggle({
  pinned,
  registration,
  onPin,
  onUnpin,
}: {
  pinned: boolean;
  registration: string;
  onPin(r: string): void;
  onUnpin(r: string): void;
}) {
  const { t } = useTranslation();
  const label = pinned ? t('Unpin {registration}', { registration }) : t('Pin {registration}', { registration });
  // A plain button with the browser's own tooltip: an antd Button and Tooltip on each of 100
  // rows took longer to draw than the rows themselves.
  return (
    <button
      type="button"
      className="pin-toggle"
      title={label}
      aria-label={label}
      aria-pressed={pinned}
      onClick={() => (pinned ? onUnpin(registration) : onPin(registration))}
    >
      {pinned ? <PushpinFilled /> : <PushpinOutlined />}
    </button>
  );
}

export function PinnedRows({
  entity,
  columns,
  pins,
  onUnpin,
  tones,
}: {
  entity: Entity;
  columns: ColumnDef[];
  pins: Pin[];
  onUnpin(registration: string): void;
  tones?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const registrations = useMemo(() => [...new Set(pins.map((p) => p.registration))], [pins]);
  const loaded = useQueries({
    queries: registrations.map((registration) => ({
      queryKey: queryKeys.pinned(entity, registration),
      queryFn: () => dataProvider.get<Row>(entity, registration, { silent: true }).catch(() => null),
    })),
  });
  const rows = loaded.map((q) => q.data).filter((row): row is Row => Boolean(row));
  if (!registrations.length) return null;
  return (
    <Panel title={t('Pinned')} style={{ marginBottom: 12 }} data-testid="pinned-rows">
      <ResultTable
        entity={entity}
        columns={columns}
        rows={rows}
        loading={loaded.some((q) => q.isLoading)}
        onSort={() => undefined}
        tones={tones}
        rowAction={(row) => (
          <PinToggle pinned registration={registrationOf(row)} onPin={() => undefined} onUnpin={onUnpin} />
        )}
      />
    </Panel>
  );
}
