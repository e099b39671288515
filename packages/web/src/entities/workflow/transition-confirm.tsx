import { ConfigProvider, Modal } from 'antd';
import type { Entity } from '@lbo/model/entity';
import { formatCurrency, formatDate } from '../../i18n/formats.ts';
import { t } from '../../i18n/i18n.ts';

type RecordValues = Record<string, unknown>;

/**
 * The question a transition's declaration asks before it runs (`confirm`: irreversible steps,
 * spec 000 §4), for a record in its status, its `{field}` placeholders filled from the record in
 * the interface language: money with the record's currency, days as days. Undefined when the
 * transition runs without asking. A question per status asks only from those statuses; a
 * record whose status is not known is asked the first.
 */
export function confirmQuestion(
  entity: Entity,
  code: string,
  record: RecordValues | undefined,
  locale: string,
): string | undefined {
  const confirm = entity.workflow?.transitions.find((tr) => tr.code === code)?.confirm;
  if (!confirm) return undefined;
  const status = record?.status;
  const question =
    typeof confirm === 'string' ? confirm : typeof status === 'string' ? confirm[status] : Object.values(confirm)[0];
  if (!question) return undefined;
  const values: Record<string, string> = {};
  for (const [, name] of question.matchAll(/\{(\w+)\}/g)) {
    const value = record?.[name];
    const type = entity.fields[name]?.type;
    values[name] =
      value === undefined || value === null || value === ''
        ? name === 'registration'
          ? String(record?.registration ?? '')
          : '—'
        : type === 'currency'
          ? formatCurrency(Number(value), typeof record?.currency === 'string' ? record.currency : undefined, locale)
          : type === 'date'
            ? formatDate(value, locale)
            : String(value);
  }
  return t(question, values);
}

/** The question for several selected records: what runs, on how many, that it cannot be undone. */
export const selectionQuestion = (transition: string, count: number) =>
  t('{transition} on {n} record(s)? This cannot be undone.', { transition, n: count });

/**
 * Asks a transition's question in a dialog (OK runs it, Cancel or Escape does not); answers
 * true at once when there is no question. `holder` is rendered by the screen using it.
 */
export function useConfirmTransition() {
  const [modal, holder] = Modal.useModal();
  const ask = async (title: string, question: string | undefined): Promise<boolean> => {
    if (!question) return true;
    return modal.confirm({
      title,
      content: <span data-testid="transition-confirm">{question}</span>,
      okText: t('Confirm'),
      cancelText: t('Cancel'),
    });
  };
  // The card sits in the record's form, disabled once the record is frozen: the question is not part of it.
  return { ask, holder: <ConfigProvider componentDisabled={false}>{holder}</ConfigProvider> };
}
