import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Descriptions, Form, InputNumber, Row, Select, Table, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { PaymentPlan, PaymentPlanLine } from '@lbo/model/finance/payment-plan';
import { entityByName } from '@lbo/model/entity-registry';
import { dataProvider } from '../app/api/data-provider.ts';
import { formatCurrency, formatDate, formatPercentage } from '../i18n/formats.ts';
import { dateFormatOf } from '../i18n/formats.ts';
import { PaymentPlanChart } from './PaymentPlanChart.tsx';
import { calculatorProductsKey, paymentPlan } from './financing-api.ts';

/** What the element asks: the payment-plan query of `GET /api/financing/calculator/payment-plan`. */
export interface CalculatorValues {
  amount: number;
  /** Percent as typed (5 for 5 %); sent as a fraction. */
  ratePercent?: number;
  duration: number;
  frequency: number;
  timing: 'arrears' | 'advance';
  residualValuePercent?: number;
  startDate: Dayjs;
  product?: string;
}

type PlanAnswer = PaymentPlan & { tables?: { registration: string; kind: string; value: number }[] };

const frequencyOptions: [number, string][] = [
  [30, 'Monthly'],
  [90, 'Quarterly'],
  [180, 'Semester'],
  [360, 'Annual'],
  [7, 'Weekly'],
];

/** The kind whose records the product picker offers. */
const productKind = entityByName('Product')!;

const defaults: CalculatorValues = {
  amount: 30000,
  ratePercent: 5,
  duration: 36,
  frequency: 30,
  timing: 'arrears',
  startDate: dayjs(),
};

/** The query sent for the form's values; a product may give the rate instead. */
export function planQuery(values: CalculatorValues): Record<string, string | number | undefined> {
  return {
    amount: values.amount,
    rate:
      values.ratePercent === undefined || values.ratePercent === null
        ? undefined
        : Number((values.ratePercent / 100).toFixed(10)),
    duration: values.duration,
    frequency: values.frequency,
    timing: values.timing,
    residualValuePercent: values.residualValuePercent
      ? Number((values.residualValuePercent / 100).toFixed(10))
      : undefined,
    startDate: values.startDate.format('YYYY-MM-DD'),
    product: values.product || undefined,
  };
}

/**
 * The `calculator` layout element (spec 001 §2.12): the terms of a loan or lease, and its
 * payment plan from the server as a table and a chart of balance, interest and principal.
 */
export function CalculatorElement({
  initial,
  computeAtOnce = false,
}: {
  initial?: Partial<CalculatorValues>;
  computeAtOnce?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [form] = Form.useForm<CalculatorValues>();
  const [plan, setPlan] = useState<PlanAnswer>();
  const [computing, setComputing] = useState(false);
  const products = useQuery({
    queryKey: calculatorProductsKey,
    queryFn: async ({ signal }) =>
      (
        await dataProvider.list(
          productKind,
          { projection: 'registration,name', range: '[0-99]' },
          { signal, silent: true },
        )
      ).rows as { registration: string; name?: string }[],
  });

  const compute = async (values: CalculatorValues) => {
    setComputing(true);
    try {
      setPlan(await paymentPlan<PlanAnswer>(planQuery(values)));
    } catch {
      // the client shows the catalogue error (the field it names)
    } finally {
      setComputing(false);
    }
  };

  // A record's plan is shown with the record, without a click.
  useEffect(() => {
    if (computeAtOnce) form.submit();
  }, [computeAtOnce, form]);

  const money = (value: unknown) => formatCurrency(value, 'EUR', locale);
  const columns = [
    { key: 'number', title: '#', dataIndex: 'number', align: 'right' as const, width: 56 },
    { key: 'dueDate', title: t('Due date'), dataIndex: 'dueDate', render: (v: string) => formatDate(v, locale) },
    {
      key: 'openingBalance',
      title: t('Opening balance'),
      dataIndex: 'openingBalance',
      align: 'right' as const,
      render: money,
    },
    {
      key: 'instalmentExclTax',
      title: t('Instalment'),
      dataIndex: 'instalmentExclTax',
      align: 'right' as const,
      render: money,
    },
    { key: 'interest', title: t('Interest'), dataIndex: 'interest', align: 'right' as const, render: money },
    { key: 'principal', title: t('Principal'), dataIndex: 'principal', align: 'right' as const, render: money },
    { key: 'services', title: t('Services'), dataIndex: 'services', align: 'right' as const, render: money },
    {
      key: 'closingBalance',
      title: t('Closing balance'),
      dataIndex: 'closingBalance',
      align: 'right' as const,
      render: money,
    },
  ];

  return (
    <div data-testid="calculator">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...defaults, ...initial }}
        onFinish={(values) => void compute(values)}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="amount" label={t('Amount')} rules={[{ required: true, message: t('Field is mandatory') }]}>
              <InputNumber id="calculator-amount" min={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="ratePercent" label={t('Rate (%)')}>
              <InputNumber id="calculator-rate" min={0} max={1000} step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="duration"
              label={t('Duration (periods)')}
              rules={[{ required: true, message: t('Field is mandatory') }]}
            >
              <InputNumber id="calculator-duration" min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="frequency" label={t('Frequency')}>
              <Select options={frequencyOptions.map(([value, label]) => ({ value, label: t(label) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="timing" label={t('Payments')}>
              <Select
                options={[
                  { value: 'arrears', label: t('In arrears') },
                  { value: 'advance', label: t('In advance') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="residualValuePercent" label={t('Residual value (%)')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="startDate"
              label={t('Start date')}
              rules={[{ required: true, message: t('Field is mandatory') }]}
            >
              <DatePicker format={dateFormatOf(locale)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="product"
              label={t('Product')}
              tooltip={t(
                'A product gives the rate, a coefficient or costs from its tables; leave the rate empty then.',
              )}
            >
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                loading={products.isLoading}
                options={(products.data ?? []).map((p) => ({
                  value: p.registration,
                  label: p.name ? `${p.registration} ${p.name}` : p.registration,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<CalculatorOutlined />} loading={computing}>
          {t('Compute')}
        </Button>
      </Form>
      {plan && (
        <div data-testid="payment-plan" style={{ marginTop: 24 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'instalment', label: t('Instalment'), children: money(plan.instalment) },
              { key: 'rate', label: t('Nominal rate'), children: formatPercentage(plan.rate, locale) },
              {
                key: 'effectiveRate',
                label: t('Effective rate'),
                children:
                  plan.effectiveRate === null ? '—' : formatPercentage(Number(plan.effectiveRate.toFixed(6)), locale),
              },
              { key: 'interest', label: t('Total interest'), children: money(plan.totals.interest) },
            ]}
          />
          {plan.tables?.length ? (
            <Typography.Paragraph type="secondary">
              {plan.tables.map((table) => `${t(table.kind)} ${table.registration}: ${table.value}`).join(' · ')}
            </Typography.Paragraph>
          ) : null}
          <PaymentPlanChart plan={plan} />
          <Table<PaymentPlanLine>
            rowKey="number"
            size="small"
            columns={columns}
            dataSource={plan.lines}
            pagination={{ pageSize: 12, showSizeChanger: false }}
            scroll={{ x: true }}
          />
        </div>
      )}
    </div>
  );
}
