import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import { formatDate } from '../i18n/formats.ts';
import { previewRules, type PostingRule, type RulePreview, type RulesVocabulary } from './accounting-api.ts';
import { axisLabel, eventTypeLabel, leaseKindLabel, prLabel } from './rule-labels.ts';
import { useMoney } from './report-controls.tsx';

/** The lease kind of a sample event, as the product a contract would carry. */
const productOf = { FINANCE: 'FINANCIAL_LEASE', OPERATING: 'OPERATING_LEASE' } as const;

/**
 * A sample event (its type, receivable or payable, lease kind, day, currency and named amounts)
 * posted by the rules being edited, nothing written: the rule that applies, the postings, whether
 * they balance.
 */
export function RulePreviewCard({ rules, vocabulary }: { rules: PostingRule[]; vocabulary: RulesVocabulary }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [eventType, setEventType] = useState(rules[0]?.eventType ?? 'INVOICE_ISSUED');
  const [pr, setPr] = useState<'R' | 'P' | undefined>('R');
  const [leaseKind, setLeaseKind] = useState<'FINANCE' | 'OPERATING'>();
  const [date, setDate] = useState<Dayjs | null>(dayjs());
  const [currency, setCurrency] = useState('EUR');
  const [amounts, setAmounts] = useState<Record<string, number | null>>({});
  const [result, setResult] = useState<RulePreview>();
  const [busy, setBusy] = useState(false);
  const names = vocabulary.eventTypes[eventType] ?? [];

  async function preview() {
    setBusy(true);
    try {
      setResult(
        await previewRules(
          {
            eventType,
            date: (date ?? dayjs()).format('YYYY-MM-DD'),
            currency: currency.toUpperCase() || 'EUR',
            ...(pr ? { pr } : {}),
            ...(leaseKind ? { financialProduct: productOf[leaseKind] } : {}),
            amounts: Object.fromEntries(names.map((n) => [n, amounts[n] ?? 0])),
          },
          rules,
        ),
      );
    } catch {
      // The client has shown the error (a rule the server refuses names its rule and line).
      setResult(undefined);
    } finally {
      setBusy(false);
    }
  }

  const postings = result?.postings ?? [];
  const total = (dc: 'D' | 'C') =>
    postings.filter((p) => p.dc === dc).reduce((s, p) => s + Math.round(p.amount * 100), 0) / 100;
  return (
    <FormCard
      title={t('Preview')}
      extra={
        <Button
          type="primary"
          icon={<EyeOutlined />}
          loading={busy}
          onClick={() => void preview()}
          data-testid="preview-rules"
        >
          {t('Preview the postings')}
        </Button>
      }
    >
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={t('Event type')}>
          <Select
            value={eventType}
            onChange={(v: string) => {
              setEventType(v);
              setResult(undefined);
            }}
            style={{ width: 220 }}
            data-testid="preview-event-type"
            options={Object.keys(vocabulary.eventTypes).map((type) => ({
              value: type,
              label: eventTypeLabel(t, type),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('Receivable or payable')}>
          <Select
            value={pr}
            allowClear
            onChange={setPr}
            style={{ width: 140 }}
            options={['R', 'P'].map((v) => ({ value: v, label: prLabel(t, v) }))}
          />
        </Form.Item>
        <Form.Item label={t('Lease')}>
          <Select
            value={leaseKind}
            allowClear
            placeholder={t('Any lease')}
            onChange={setLeaseKind}
            style={{ width: 170 }}
            data-testid="preview-lease-kind"
            options={(['FINANCE', 'OPERATING'] as const).map((v) => ({ value: v, label: leaseKindLabel(t, v) }))}
          />
        </Form.Item>
        <Form.Item label={t('Date')}>
          <DatePicker value={date} onChange={setDate} allowClear={false} />
        </Form.Item>
        <Form.Item label={t('Currency')}>
          <Input value={currency} maxLength={3} style={{ width: 70 }} onChange={(e) => setCurrency(e.target.value)} />
        </Form.Item>
      </Form>
      <Space wrap style={{ margin: '12px 0' }}>
        {names.map((name) => (
          <InputNumber
            key={name}
            addonBefore={<code>{name}</code>}
            value={amounts[name]}
            step={0.01}
            precision={2}
            style={{ width: 240 }}
            onChange={(v) => setAmounts({ ...amounts, [name]: v })}
            data-testid={`preview-amount-${name}`}
          />
        ))}
      </Space>
      {result && !result.rule && (
        <Alert
          type="warning"
          showIcon
          message={t('No rule applies to this event: it would be kept, not posted.')}
          data-testid="preview-no-rule"
        />
      )}
      {result?.rule && (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <span data-testid="preview-rule">
              {t('Rule applied')} <strong>{eventTypeLabel(t, result.rule.eventType)}</strong>
              {result.rule.when?.pr && <Tag style={{ marginInlineStart: 4 }}>{prLabel(t, result.rule.when.pr)}</Tag>}
              {result.rule.when?.leaseKind && <Tag>{leaseKindLabel(t, result.rule.when.leaseKind)}</Tag>}
            </span>
            <span>
              {t('Journal')} <Tag color="purple">{result.rule.journal}</Tag>
            </span>
            <span>
              {t('Posting date')} <strong>{formatDate(result.postingDate, i18n.language)}</strong>
            </span>
            {result.balanced ? (
              <Tag color="green" data-testid="preview-balance">
                {t('Balanced')}
              </Tag>
            ) : (
              <Tag color="red" data-testid="preview-balance">
                {t('Not balanced')}
              </Tag>
            )}
          </Space>
          <Table
            size="small"
            pagination={false}
            rowKey={(_p, i) => String(i)}
            dataSource={postings}
            data-testid="preview-postings"
            summary={() =>
              postings.length > 0 && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    {t('Total')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <span data-testid="preview-total-debit">{money(total('D'), currency)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <span data-testid="preview-total-credit">{money(total('C'), currency)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} />
                </Table.Summary.Row>
              )
            }
            columns={[
              { key: 'account', title: t('Account'), render: (_v, p) => p.account },
              { key: 'secondary', title: t('Secondary account'), render: (_v, p) => p.secondaryAccount ?? '' },
              { key: 'name', title: t('Label'), render: (_v, p) => p.name },
              {
                key: 'debit',
                title: t('Debit'),
                align: 'right',
                render: (_v, p) => (p.dc === 'D' ? money(p.amount, currency) : ''),
              },
              {
                key: 'credit',
                title: t('Credit'),
                align: 'right',
                render: (_v, p) => (p.dc === 'C' ? money(p.amount, currency) : ''),
              },
              {
                key: 'analytics',
                title: t('Analytics'),
                render: (_v, p) =>
                  Object.entries(p.analytics ?? {}).map(([axis, v]) => (
                    <Tag key={axis}>
                      {axisLabel(t, axis)}: {v}
                    </Tag>
                  )),
              },
            ]}
          />
        </>
      )}
    </FormCard>
  );
}
