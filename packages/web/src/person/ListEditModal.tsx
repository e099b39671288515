import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Modal, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePersonForm } from './person-context.ts';
import { closeSession, makeFirst, openSession, removeAt, type Item } from './list-edits.ts';

/**
 * A modal editing one list of the person in place (spec 002 §4): a card per row with make-first
 * and delete; Add, Close and Save. Close restores the list as it was when the modal opened; Save
 * closes when `onSave` accepts the rows. Read-only hides every change.
 */
/** Stores a person list, an empty one as absent. */
export function setList(form: { setValue(path: string, value: unknown): void }, name: string, rows: Item[]) {
  form.setValue(name, rows.length ? rows : undefined);
}

export interface ListEditModalProps {
  /** The person field holding the list. */
  name: string;
  title: string;
  onClose(): void;
  /** Completes and checks the rows; true closes the modal. */
  onSave(rows: Item[]): boolean;
  rowTitle(row: Item, index: number): ReactNode;
  renderRow(row: Item, index: number): ReactNode;
  readOnly?: boolean;
  /** data-testid prefixes: `{row}` for each card, `{add}` and `{save}` for the buttons. */
  testIds: { row: string; add?: string; save: string };
  addLabel?: string;
  /** Whether Add is offered, and the row it adds. */
  canAdd?: boolean;
  newRow?: () => Item;
  saveDisabled?: boolean;
  /** Shown above the rows (a rule the rows break, say). */
  header?: ReactNode;
  width?: number;
}

export function ListEditModal({
  name,
  title,
  onClose,
  onSave,
  rowTitle,
  renderRow,
  testIds,
  addLabel,
  header,
  width = 1000,
  canAdd = true,
  newRow = () => ({}),
  saveDisabled,
  readOnly: readOnlyList,
}: ListEditModalProps) {
  const { t } = useTranslation();
  const form = usePersonForm();
  const readOnly = readOnlyList ?? form.readOnly;
  const rows = (form.getValue(name) as Item[] | undefined) ?? [];
  const [session] = useState(() => openSession(rows));
  const set = (next: Item[]) => setList(form, name, next);
  const close = () => {
    set(closeSession(session));
    onClose();
  };
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={[
        !readOnly && canAdd && (
          <Button key="add" icon={<PlusOutlined />} onClick={() => set([...rows, newRow()])} data-testid={testIds.add}>
            {addLabel ?? t('Add')}
          </Button>
        ),
        <Button key="close" onClick={close}>
          {t('Close')}
        </Button>,
        !readOnly && (
          <Button
            key="save"
            type="primary"
            disabled={saveDisabled}
            onClick={() => onSave(rows) && onClose()}
            data-testid={testIds.save}
          >
            {t('Save')}
          </Button>
        ),
      ]}
    >
      {header}
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No data')} />}
      {rows.map((row, index) => (
        <Card
          key={index}
          size="small"
          style={{ marginBottom: 8 }}
          data-testid={testIds.row}
          title={rowTitle(row, index)}
          extra={
            !readOnly && (
              <>
                {index > 0 && (
                  <Tooltip title={t('Make it first')}>
                    <Button
                      type="text"
                      icon={<VerticalAlignTopOutlined />}
                      aria-label={t('Make it first')}
                      onClick={() => set(makeFirst(rows, index))}
                    />
                  </Tooltip>
                )}
                <Tooltip title={t('Delete')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('Delete')}
                    onClick={() => set(removeAt(rows, index))}
                  />
                </Tooltip>
              </>
            )
          }
        >
          {renderRow(row, index)}
        </Card>
      ))}
    </Modal>
  );
}
