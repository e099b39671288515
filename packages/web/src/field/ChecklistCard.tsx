import { Button, Empty, Input, Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';

export interface Answer {
  question: string;
  answerType: 'OK_NOK_NA' | 'NUMBER' | 'TEXT' | string;
  mandatory?: boolean;
  answer?: string;
  comment?: string;
}

const okNokNa = [
  { value: 'OK', label: 'OK' },
  { value: 'NOK', label: 'Not OK' },
  { value: 'NA', label: 'N/A' },
];

/**
 * The inspection's checklist as the inspector answers it on site (iAuditor's way): one row per
 * question, OK / Not OK / N/A as buttons, a number or a text, and a comment; saved together.
 */
export function ChecklistCard({
  answers: stored,
  saving,
  onSave,
}: {
  answers: Answer[];
  saving?: boolean;
  onSave(answers: Answer[]): void;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState(stored);
  const [changed, setChanged] = useState(false);
  const set = (index: number, change: Partial<Answer>) => {
    setAnswers((all) => all.map((a, i) => (i === index ? { ...a, ...change } : a)));
    setChanged(true);
  };
  const control = (a: Answer, i: number) =>
    a.answerType === 'OK_NOK_NA' ? (
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        aria-label={a.question}
        value={a.answer}
        options={okNokNa.map((o) => ({ value: o.value, label: t(o.label) }))}
        onChange={(e) => set(i, { answer: e.target.value })}
      />
    ) : (
      <Input
        size="small"
        aria-label={a.question}
        inputMode={a.answerType === 'NUMBER' ? 'decimal' : 'text'}
        value={a.answer ?? ''}
        onChange={(e) => set(i, { answer: e.target.value })}
      />
    );
  return (
    <FormCard
      title={t('Checklist')}
      extra={
        <Button
          type="primary"
          size="small"
          data-testid="checklist-save"
          disabled={!changed}
          loading={saving}
          onClick={() => {
            onSave(answers);
            setChanged(false);
          }}
        >
          {t('Save answers')}
        </Button>
      }
    >
      {answers.length === 0 ? (
        <Empty description={t('No checklist: choose the asset and save, its template fills it')} />
      ) : (
        <Table<Answer & { key: number }>
          data-testid="checklist"
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={answers.map((a, key) => ({ ...a, key }))}
          columns={[
            {
              key: 'question',
              title: t('Question'),
              render: (_v, a) => (
                <Space size={4}>
                  <Typography.Text>{a.question}</Typography.Text>
                  {a.mandatory && <Typography.Text type="danger">*</Typography.Text>}
                </Space>
              ),
            },
            { key: 'answer', title: t('Answer'), render: (_v, a) => control(a, a.key) },
            {
              key: 'comment',
              title: t('Comment'),
              render: (_v, a) => (
                <Input
                  size="small"
                  aria-label={`${t('Comment')}: ${a.question}`}
                  value={a.comment ?? ''}
                  onChange={(e) => set(a.key, { comment: e.target.value })}
                />
              ),
            },
          ]}
        />
      )}
    </FormCard>
  );
}
