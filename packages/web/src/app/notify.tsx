import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Notice } from './api/error-notice.ts';

/**
 * Notifications (spec 000 §8, §9): 5 s, 15 s for errors, sticky when they carry an action,
 * bottom-right (bottom-left for right-to-left). The area that shows them (antd's notification,
 * notification-area.tsx) loads with the first notice; notices given meanwhile wait for it.
 */
const NotificationArea = lazy(() => import('./notification-area.tsx'));

export interface NoticeAction {
  label: string;
  onClick: () => void;
}

/** A notice as the area shows it. */
export interface NoticeArgs {
  notice: Notice;
  action?: NoticeAction;
  key: string;
  duration: number | false;
}

/** The mounted area's way to show a notice; undefined until it has loaded. */
let show: ((args: NoticeArgs) => void) | undefined;
/** Whether a host is mounted, and how to ask it for the area. */
let wantArea: (() => void) | undefined;
/** Notices given before the area loaded (the latest few). */
const waiting: NoticeArgs[] = [];

export function notify(notice: Notice, action?: NoticeAction) {
  const duration: number | false = action ? false : (notice.duration ?? (notice.level === 'error' ? 15 : 5));
  const key = `${notice.level}:${notice.message}:${notice.description ?? ''}`;
  const args = { notice, action, key, duration };
  if (show) return show(args);
  if (!wantArea) {
    console.warn(notice.message, notice.description ?? '');
    return;
  }
  waiting.push(args);
  if (waiting.length > 8) waiting.shift();
  wantArea();
}

export const notifySuccess = (message: string, description?: string) =>
  notify({ level: 'success', message, description });
export const notifyError = (message: string, description?: string) => notify({ level: 'error', message, description });

/** Mounts the notification area once a notice comes; rendered once inside the theme provider. */
export function NotificationHost({ direction }: { direction: 'ltr' | 'rtl' }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    wantArea = want;
    return () => {
      if (wantArea === want) wantArea = undefined;
    };
  }, []);
  const onReady = useCallback((ready: ((args: NoticeArgs) => void) | undefined) => {
    show = ready;
    if (ready) for (const args of waiting.splice(0)) ready(args);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationArea direction={direction} onReady={onReady} />
    </Suspense>
  );
}
