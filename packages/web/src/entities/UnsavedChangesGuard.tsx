import { useEffect } from 'react';
import { Modal } from 'antd';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

export const leaveText = 'Leave the page? Your changes may not be saved.';

/** Asks before leaving a form with unsaved changes: in-app navigation and closing the tab. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t(leaveText),
      okText: t('Leave'),
      cancelText: t('Stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return holder;
}
