import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { ApiFailure } from '../app/api/api-failure.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { queryKeys } from '../app/api/data-provider.ts';
import { translatedErrorMessage } from '../app/api/error-text.ts';
import { notify } from '../app/notify.tsx';
import type { Values } from '../entities/form-values.ts';
import { formatCurrency, formatDateTime, formatNumber } from '../i18n/formats.ts';
import { EChart } from '../app/charts/EChart.tsx';
import {
  applyResidualValue,
  readResidualValue,
  type ResidualValueAsk,
  type ResidualValueReading,
} from './financing-api.ts';

const usages = ['LOW', 'NORMAL', 'HIGH'] as const;
const usageLabels: Record<(typeof usages)[number], string> = { LOW: 'Low', NORMAL: 'Normal', HIGH: 'High' };

/** An error answer in the user's language. */
const failureText = (error: unknown) =>
  error instanceof ApiFailure
    ? translatedErrorMessage(error.code, error.body.message ?? error.message)
    : String((error as Error)?.message ?? error);

/** The catalogue's curve: the percentage left by age in months, the quotation's term marked on it. */
function CurveChart({ reading }: { reading: ResidualValueReading }) {
  const { t, i18n } = useTranslation();
  const option = useMemo(() => {
    const percent = (value: unknown) => `${formatNumber(Number(value), i18n.language, { maximumFractionDigits: 2 })} %`;
    return {
      tooltip: { trigger: 'axis', valueFormatter: percent },
      grid: { left: 56, right: 24, top: 36, bottom: 40 },
      xAxis: { type: 'value', name: t('Months'), nameLocation: 'middle', nameGap: 26, min: 0 },
      yAxis: { type: 'value', name: t('Residual value %'), min: 0, max: 100, axisLabel: { formatter: percent } },
      series: [
        {
          name: t('Catalogue curve'),
          type: 'line',
          data: reading.points.map((p) => [p.months, Number(p.percent)]),
          markLine: {
            symbol: 'none',
            label: { formatter: t('Term') },
            data: [{ xAxis: reading.term }],
          },
        },
        {
          name: t('At the term'),
          type: 'line',
          symbolSize: 10,
          data: [[reading.term, Number(reading.percent)]],
        },
      ],
    };
  }, [reading, t, i18n.language]);
  return <EChart option={option} height={260} testId="residual-value-curve" />;
}

/**
 * A quotation's residual value from the vehicle catalogue (docs/residual-values.md): the curve of
 * its vehicle (the asset line's by default, or the one typed), the value it gives at the term and
 * when the curve was read; applying it stores them on the quotation and shows the rent the finance
 * engine priced with it.
 */
export function ResidualValueDialog({
  entity,
  record,
  quotation,
  onClose,
}: {
  entity: Entity;
  record: Values;
  quotation: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const registration = String(record.registration);
  const [ask, setAsk] = useState<ResidualValueAsk>({});
  const [form] = Form.useForm<ResidualValueAsk>();
  const [rent, setRent] = useState<{ instalment?: number; residualValue?: number } | undefined>();
  const reading = useQuery({
    queryKey: ['residual-value', entity.route, registration, quotation, record._version, ask],
    queryFn: ({ signal }) => readResidualValue(entity, registration, quotation, ask, signal),
    retry: false,
  });
  const apply = useMutation({
    mutationFn: () =>
      applyResidualValue(entity, registration, quotation, { ...ask, _version: Number(record._version) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.record(entity, registration), updated);
      void kindChanged(queryClient, entity, queryKeys.record(entity, registration), [registration]);
      const priced = ((updated.quotations as Values[] | undefined) ?? []).find((q) => q.registration === quotation);
      setRent({ instalment: priced?.instalment as number, residualValue: priced?.residualValue as number });
      notify({ level: 'success', message: 'Saved' });
    },
  });
  const money = (value: unknown) => formatCurrency(value, record.currency as string | undefined, i18n.language);
  const r = reading.data;
  return (
    <Modal
      open
      width={760}
      title={`${t('Residual value from catalogue')} — ${quotation}`}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose} data-testid="residual-value-close">
            {t('Close')}
          </Button>
          <Button
            type="primary"
            disabled={!r || Boolean(rent)}
            loading={apply.isPending}
            onClick={() => apply.mutate()}
            data-testid="residual-value-apply"
          >
            {t('Apply and price')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="inline"
        onFinish={(values) =>
          setAsk(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')))
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="manufacturerName" label={t('Manufacturer')}>
          <Input
            allowClear
            placeholder={reading.data?.manufacturerName}
            style={{ width: 140 }}
            data-testid="residual-value-manufacturer"
          />
        </Form.Item>
        <Form.Item name="modelName" label={t('Model')}>
          <Input
            allowClear
            placeholder={reading.data?.modelName}
            style={{ width: 160 }}
            data-testid="residual-value-model"
          />
        </Form.Item>
        <Form.Item name="year" label={t('Year')}>
          <InputNumber
            min={1900}
            max={2200}
            placeholder={reading.data ? String(reading.data.year) : undefined}
            style={{ width: 90 }}
            data-testid="residual-value-year"
          />
        </Form.Item>
        <Form.Item name="usage" label={t('Usage')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={usages.map((u) => ({ value: u, label: t({ LOW: 'Low', NORMAL: 'Normal', HIGH: 'High' }[u]) }))}
            data-testid="residual-value-usage"
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" data-testid="residual-value-read">
            {t('Read the curve')}
          </Button>
        </Form.Item>
      </Form>
      {reading.isLoading && <Spin />}
      {reading.error && (
        <Alert
          type="error"
          showIcon
          data-testid="residual-value-error"
          message={failureText(reading.error)}
          description={t("Name the vehicle above when its asset does not give the catalogue's model, year and usage.")}
        />
      )}
      {apply.error && <Alert type="error" showIcon message={failureText(apply.error)} style={{ marginBottom: 12 }} />}
      {r && (
        <>
          {r.outside && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={
                r.outside === 'after'
                  ? t('The term is past the curve: its last point is used')
                  : t('The term is before the curve: its first point is used')
              }
            />
          )}
          <CurveChart reading={r} />
          <Descriptions size="small" column={2} bordered data-testid="residual-value-reading">
            <Descriptions.Item label={t('Vehicle')}>
              {r.manufacturerName} {r.modelName} ({r.year}, {t(usageLabels[r.usage as 'LOW'] ?? r.usage)})
            </Descriptions.Item>
            <Descriptions.Item label={t('Term')}>{t('{months} months', { months: r.term })}</Descriptions.Item>
            <Descriptions.Item label={t('Residual value %')}>
              <span data-testid="residual-value-percent">
                {formatNumber(Number(r.percent), i18n.language, { maximumFractionDigits: 6 })} %
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t(r.baseFrom === 'catalogue' ? 'Price new' : 'Vehicle price')}>
              {money(r.base)}
            </Descriptions.Item>
            <Descriptions.Item label={t('Residual value')}>
              <strong data-testid="residual-value-amount">{money(r.residualValue)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('Curve read at')}>{formatDateTime(r.readAt, i18n.language)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
      {rent && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="residual-value-repriced"
          message={t('Priced with a residual value of {residual}: instalment {instalment}', {
            residual: money(rent.residualValue),
            instalment: money(rent.instalment),
          })}
        />
      )}
    </Modal>
  );
}
