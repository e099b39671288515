import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Tooltip } from 'antd';
import { LazyTag as Tag } from '../entities/LazyTag.tsx';
import { CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../app/notify.tsx';
import { useSession } from '../app/session/session-context.tsx';
import { goOffline, offlineWarning } from './interceptor.ts';
import { queued } from './offline-db.ts';
import {
  offlineState,
  setOfflineState,
  storeOfflineSettings,
  subscribeOffline,
  type OfflineSettings,
} from './offline-state.ts';
import { replaceInPath, type SyncFailure } from './queue.ts';
import { runQueriesOffline } from './query-online.ts';
import {
  PING_INTERVAL_MS,
  preloadContracts,
  recordSyncErrors,
  replayQueue,
  serverAnswers,
  type Conflict,
} from './sync.ts';

/** Conflicts are rare: their dialog (a table, radio buttons) loads when there is one to settle. */
const ConflictDialog = lazy(async () => ({ default: (await import('./ConflictDialog.tsx')).ConflictDialog }));

export const onlineText = 'You are now online';
export const updatedText = 'You are now online and server has been updated with your changes';
export const syncFailedText = 'Error occured while synchronizing your data to the server';

const reload = { label: 'Got it', onClick: () => window.location.reload() };

/**
 * The header's part of the offline mode (spec 002 §4, §8): the settings taken from the tenant's
 * configuration, the contracts preloaded, the 2-second probe while offline, the queue replayed when
 * the server answers again with the spec's messages, and the conflicts to settle.
 */
export default function OfflineStatus() {
  const { t } = useTranslation();
  const { configuration, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  const state = useSyncExternalStore(subscribeOffline, offlineState);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const replaying = useRef(false);

  const settings = useMemo<OfflineSettings | undefined>(() => {
    if (!configuration || configuration.minimal || !user) return undefined;
    if (configuration.options.offlineSupport !== true || !window.isSecureContext) return undefined;
    const count = Number(configuration.options.preloadContractsCount ?? 10);
    return {
      owner: `${user.tenant}/${user.username}`,
      username: user.username,
      preloadContractsCount: Number.isInteger(count) ? count : 10,
    };
  }, [configuration, user]);

  useEffect(() => {
    // A configuration served from the kept reads (offline start) says the same: stored again, unchanged.
    if (configuration && !configuration.minimal) storeOfflineSettings(settings);
    if (settings) runQueriesOffline();
    if (settings) void queued(settings.owner).then((entries) => setOfflineState({ waiting: entries.length }));
  }, [configuration, settings]);

  useEffect(() => {
    if (!settings || offlineState().offline) return;
    preloadContracts(settings).catch((error) => console.warn('Contracts not preloaded for offline use', error));
  }, [settings]);

  const replaceAddress = useCallback(
    (from: string, to: string) => {
      const { pathname, search, hash } = where.current;
      const next = replaceInPath(pathname, from, to);
      if (next !== pathname) navigate(`${next}${search}${hash}`, { replace: true });
    },
    [navigate],
  );

  const backOnline = useCallback(async () => {
    if (!settings || replaying.current) return;
    replaying.current = true;
    try {
      setOfflineState({ offline: false });
      if (!(await queued(settings.owner)).length) {
        notify({ level: 'success', message: onlineText });
        return;
      }
      const result = await replayQueue(settings, replaceAddress);
      if (result.stopped) {
        const last = result.failures.at(-1);
        notify({ level: 'error', message: syncFailedText, description: last ? failureLine(last) : undefined });
        goOffline();
        return;
      }
      if (result.failures.length) {
        recordSyncErrors(result.failures);
        notify(
          { level: 'error', message: syncFailedText, description: result.failures.map(failureLine).join('\n') },
          reload,
        );
      }
      if (result.conflicts.length) setConflicts(result.conflicts);
      else if (!result.failures.length) notify({ level: 'success', message: updatedText }, reload);
    } finally {
      replaying.current = false;
    }
  }, [settings, replaceAddress]);

  useEffect(() => {
    if (settings && state.offline) notify({ level: 'warning', message: offlineWarning });
  }, [settings, state.offline]);

  useEffect(() => {
    if (!settings || !state.offline) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped || replaying.current || !(await serverAnswers()) || stopped) return;
      stopped = true;
      clearInterval(timer);
      await backOnline();
    }, PING_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [settings, state.offline, backOnline]);

  const settle = () => {
    const rest = conflicts.slice(1);
    setConflicts(rest);
    if (!rest.length) notify({ level: 'success', message: updatedText }, reload);
  };

  if (!settings) return null;
  return (
    <>
      {state.offline && (
        <Tooltip title={t(offlineTooltip)}>
          {/* The tooltip holds the span: the tag is drawn once its chunk has loaded. */}
          <span>
            <Tag color="warning" icon={<DisconnectOutlined />} data-testid="offline-state">
              {state.waiting ? t('Offline · {count} waiting', { count: state.waiting }) : t('Offline')}
            </Tag>
          </span>
        </Tooltip>
      )}
      {!state.offline && state.syncing && (
        <Tag color="processing" icon={<CloudSyncOutlined spin />} data-testid="offline-syncing">
          {t('Synchronizing')}
        </Tag>
      )}
      {conflicts[0] && (
        <Suspense fallback={null}>
          <ConflictDialog key={conflicts[0].entry.id} conflict={conflicts[0]} onSettled={settle} />
        </Suspense>
      )}
    </>
  );
}

const offlineTooltip =
  'The server cannot be reached: kept records are shown, and your changes are sent when it answers again.';

const failureLine = (failure: SyncFailure) =>
  `${failure.kind} ${failure.registration ?? ''}: ${failure.error}`.replace(/\s+:/, ':');
