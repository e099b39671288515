import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeOfRegistration } from '../shortcuts.ts';

/**
 * Ctrl+G: go to a record by its registration (`CT000123` opens the contract). Text that is no
 * kind's registration is searched on the global search screen instead.
 */
export function JumpBox({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const go = () => {
    const text = typed.trim();
    if (!text) return;
    navigate(routeOfRegistration(text) ?? `/global-search?q=${encodeURIComponent(text)}`);
    setTyped('');
    onClose();
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={go}
      okText={t('Open')}
      cancelText={t('Cancel')}
      title={t('Go to a registration')}
      destroyOnHidden
      data-testid="jump-box"
    >
      <Input
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={go}
        placeholder="CT000123"
        aria-label={t('Registration')}
        data-testid="jump-input"
      />
      <Typography.Text type="secondary">{t('Other text is searched in every kind.')}</Typography.Text>
    </Modal>
  );
}
