import { useMemo, useState, type ClipboardEvent } from 'react';
import { Button, Flex, Input, Space, Tooltip, Typography } from 'antd';
import {
  DeleteColumnOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  invalidCells,
  newGrid,
  pasteInto,
  splitPasted,
  toTexts,
  toValues,
  type Grid,
  type TextGrid,
  type ValueFormat,
} from './numbers-table.ts';

interface Props {
  rows?: Grid;
  format: ValueFormat;
  currency?: string;
  readOnly?: boolean;
  /** Saves the grid; resolves when saved. */
  onSave: (rows: Grid) => Promise<void>;
}

/**
 * The numbers table (spec 002 §2): a grid whose first row and first column are headers. Cells
 * are typed, or pasted from a spreadsheet into the cell the paste lands on (rows by newline,
 * cells by tab), and read in the user's locale in the table's format.
 */
export function NumbersTableEditor({ rows, format, currency, readOnly, onSave }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [texts, setTexts] = useState<TextGrid>(() =>
    toTexts(rows?.length ? rows : newGrid(), format, locale, currency),
  );
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [checked, setChecked] = useState(false);
  const values = useMemo(() => toValues(texts, format, locale), [texts, format, locale]);
  const bad = invalidCells(values);

  const change = (next: TextGrid) => {
    setTexts(next);
    setDirty(true);
  };
  const setCell = (i: number, j: number, text: string) =>
    change(texts.map((row, r) => (r === i ? row.map((cell, c) => (c === j ? text : cell)) : row)));
  const paste = (i: number, j: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!text.includes('\t') && !text.includes('\n') && (i > 0 || j > 0)) return; // one value: the input takes it as typed
    event.preventDefault();
    change(pasteInto(texts, i, j, splitPasted(text)));
  };
  const width = texts[0]?.length ?? 0;
  const save = async () => {
    setChecked(true);
    if (bad.size) return;
    setSaving(true);
    try {
      await onSave(values);
      setDirty(false);
    } catch {
      // the client has shown the server's error; the grid keeps what was typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="numbers-table">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {t(
            'Paste rows from a spreadsheet into a cell; the first row holds the durations, the first column the amounts.',
          )}
        </Typography.Text>
        {!readOnly && (
          <Space wrap>
            <Tooltip title={t('Add row')}>
              <Button
                size="small"
                aria-label={t('Add row')}
                icon={<InsertRowBelowOutlined />}
                onClick={() => change([...texts, Array(width).fill('')])}
              />
            </Tooltip>
            <Tooltip title={t('Add column')}>
              <Button
                size="small"
                aria-label={t('Add column')}
                icon={<InsertRowRightOutlined />}
                onClick={() => change(texts.map((row) => [...row, '']))}
              />
            </Tooltip>
            <Tooltip title={t('Delete last row')}>
              <Button
                size="small"
                aria-label={t('Delete last row')}
                icon={<DeleteRowOutlined />}
                disabled={texts.length <= 2}
                onClick={() => change(texts.slice(0, -1))}
              />
            </Tooltip>
            <Tooltip title={t('Delete last column')}>
              <Button
                size="small"
                aria-label={t('Delete last column')}
                icon={<DeleteColumnOutlined />}
                disabled={width <= 2}
                onClick={() => change(texts.map((row) => row.slice(0, -1)))}
              />
            </Tooltip>
            <Button
              size="small"
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!dirty}
              onClick={() => void save()}
            >
              {t('Save table')}
            </Button>
          </Space>
        )}
      </Flex>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse' }}>
          <tbody>
            {texts.map((row, i) => (
              <tr key={i}>
                {row.map((text, j) => {
                  const header = i === 0 || j === 0;
                  return (
                    <td key={j} style={{ padding: 2, minWidth: 96 }}>
                      {i === 0 && j === 0 ? (
                        // The corner holds no value; a whole spreadsheet block, corner included, is pasted here.
                        <Input
                          size="small"
                          value=""
                          readOnly
                          data-cell="0:0"
                          placeholder={t('Amount \\ duration')}
                          aria-label={t('Amount \\ duration')}
                          onPaste={readOnly ? undefined : paste(0, 0)}
                        />
                      ) : (
                        <Input
                          size="small"
                          value={text}
                          readOnly={readOnly}
                          data-cell={`${i}:${j}`}
                          aria-label={`${t(header ? (i === 0 ? 'Duration' : 'Amount') : 'Value')} ${i}:${j}`}
                          status={checked && bad.has(`${i}:${j}`) ? 'error' : undefined}
                          style={{ textAlign: 'end', fontWeight: header ? 600 : undefined }}
                          onChange={(e) => setCell(i, j, e.target.value)}
                          onPaste={paste(i, j)}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {checked && bad.size > 0 && <Typography.Text type="danger">{t('Invalid data')}</Typography.Text>}
    </div>
  );
}
