import { Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { comboLabel, shellShortcuts } from '../shortcuts.ts';

const needsText = {
  admin: 'Admins',
  debug: 'When debug mode is allowed',
  record: 'On a record',
  form: 'In a form or a search',
  list: 'On a list',
  detail: 'On a detail screen',
} as const;

/** The shell's help (F1, ?, or the user menu): every keyboard shortcut and where it works. */
export function ShellHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('Keyboard shortcuts')}
      width={640}
      destroyOnHidden
      data-testid="shell-help"
    >
      <Typography.Paragraph type="secondary">
        {t('Ctrl also stands for the Command key on a Mac.')}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => row.combos.join(',')}
        dataSource={shellShortcuts}
        columns={[
          {
            title: t('Keys'),
            dataIndex: 'combos',
            width: 190,
            render: (combos: string[]) =>
              combos.map((combo) => (
                <Tag key={combo} data-combo={combo}>
                  <kbd>{comboLabel(combo)}</kbd>
                </Tag>
              )),
          },
          { title: t('What it does'), dataIndex: 'does', render: (does: string) => t(does) },
          {
            title: t('Where'),
            dataIndex: 'needs',
            width: 170,
            render: (needs?: keyof typeof needsText) => (needs ? t(needsText[needs]) : t('Everywhere')),
          },
        ]}
      />
    </Modal>
  );
}
