import { Suspense, useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { taxRates } from '@lbo/model/lists/billing';
import {
  applyTotalDiscount,
  discountFromPriceExclTax,
  linePrices,
  pricingTotals,
  type PricingLine,
  type Tax,
} from '@lbo/model/finance/pricing';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { useUpdate } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import type { Values } from '../entities/form-values.ts';
import { formatNumber } from '../i18n/formats.ts';
import {
  assetOfItem,
  type CatalogueItem,
  CatalogueLookup,
  VehicleCataloguePicker,
} from '../catalogue/catalogue.module.ts';

const assetKind = entityByName('Asset')!;
const taxes: Tax[] = Object.entries(taxRates).map(([code, value]) => ({ code, value }));

type Line = PricingLine & {
  assetRegistration?: string;
  isFinanced?: boolean;
  isPartExchange?: boolean;
  asset?: { name?: string };
  currency?: string;
  priceExclTax?: number;
  priceInclTax?: number;
};

/** A line with its prices, as the server will price it (spec 002 §5). */
const priced = (line: Line): Line =>
  line.unitPrice === undefined || line.unitPrice === null ? line : { ...line, ...linePrices(line, taxes) };

/**
 * The asset lines table of spec 002 (§2 "Asset lines table", §4, §5): add a line, find an asset in
 * a search dialog, edit a line in its dialog, duplicate it right after itself, delete it; the totals
 * row with more than one line, whose total discount applies to every line. Saved as the record's
 * `assets`; the server prices them again and adds each asset's supplier to the persons.
 */
export function AssetLinesCard({ entity, record }: { entity: Entity; record: Values }) {
  const { t, i18n } = useTranslation();
  const update = useUpdate<Values>(entity, String(record.registration));
  const stored = (record.assets as Line[] | undefined) ?? [];
  const [lines, setLines] = useState<Line[]>(stored);
  const [editing, setEditing] = useState<number | undefined>();
  const [searching, setSearching] = useState(false);
  const [picking, setPicking] = useState(false);
  const [term, setTerm] = useState('');
  const editable = String(record.status ?? 'DRAFT') === 'DRAFT';
  const found = useQuery({
    queryKey: queryKeys.search(assetKind, term),
    queryFn: ({ signal }) => dataProvider.search(assetKind, term, {}, { signal }),
    enabled: searching && term.trim().length > 2,
  });
  const money = (v: unknown) =>
    v === undefined || v === null
      ? ''
      : formatNumber(Number(v), i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const change = (next: Line[]) => setLines(next.map(priced));
  const save = async () => {
    await update.mutateAsync({ assets: lines, _version: record._version });
    notify({ level: 'success', message: 'Saved' });
  };
  const totals =
    lines.length > 1
      ? pricingTotals(
          lines.filter((l) => l.unitPrice !== undefined && l.unitPrice !== null),
          taxes,
        )
      : undefined;
  const line = editing === undefined ? undefined : lines[editing];
  const setLine = (patch: Partial<Line>) => change(lines.map((l, i) => (i === editing ? { ...l, ...patch } : l)));
  /** A line of an asset: its price, tax and currency copied onto the line. */
  const lineOfAsset = (asset: Values): Partial<Line> => ({
    assetRegistration: String(asset.registration),
    asset: { name: asset.name as string | undefined },
    ...(typeof asset.unitPrice === 'number' ? { unitPrice: asset.unitPrice } : {}),
    ...(typeof asset.taxCode === 'string' ? { taxCode: asset.taxCode } : {}),
    ...(typeof asset.currency === 'string' ? { currency: asset.currency } : {}),
  });
  /** A catalogue item chosen for the line being edited becomes its asset (spec 002 §5). */
  const pickItem = async (item: CatalogueItem) => {
    const { data } = await dataProvider.create<Values>(assetKind, assetOfItem(item));
    setLine(lineOfAsset(data));
  };

  const columns = [
    { title: t('Asset'), key: 'asset', render: (_: unknown, l: Line) => l.asset?.name ?? l.assetRegistration ?? '' },
    { title: t('Quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const },
    { title: t('Unit price'), dataIndex: 'unitPrice', key: 'unitPrice', align: 'right' as const, render: money },
    {
      title: t('Discount'),
      dataIndex: 'discount',
      key: 'discount',
      align: 'right' as const,
      render: (v: number | undefined) =>
        v ? `${formatNumber(v * 100, i18n.language, { maximumFractionDigits: 4 })} %` : '',
    },
    {
      title: t('Price excl tax'),
      dataIndex: 'priceExclTax',
      key: 'priceExclTax',
      align: 'right' as const,
      render: money,
    },
    {
      title: t('Price incl tax'),
      dataIndex: 'priceInclTax',
      key: 'priceInclTax',
      align: 'right' as const,
      render: money,
    },
    { title: t('Tax code'), dataIndex: 'taxCode', key: 'taxCode' },
    ...(editable
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, __: Line, index: number) => (
              <Space size="small">
                <Button size="small" onClick={() => setEditing(index)} data-testid={`edit-line-${index}`}>
                  {t('Edit')}
                </Button>
                <Button
                  size="small"
                  onClick={() => change([...lines.slice(0, index + 1), { ...lines[index] }, ...lines.slice(index + 1)])}
                  data-testid={`duplicate-line-${index}`}
                >
                  {t('Duplicate')}
                </Button>
                <Button size="small" danger onClick={() => change(lines.filter((_l, i) => i !== index))}>
                  {t('Delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <FormCard title={t('Asset lines')}>
      <div data-testid="asset-lines">
        {editable && (
          <Space style={{ marginBottom: 8 }}>
            <Button
              onClick={() => {
                change([...lines, { quantity: 1, discount: 0, isFinanced: true }]);
                setEditing(lines.length);
              }}
              data-testid="add-line"
            >
              {t('Add line')}
            </Button>
            <Button onClick={() => setSearching(true)} data-testid="search-asset">
              {t('Search')}
            </Button>
            <Button onClick={() => setPicking(true)} data-testid="vehicle-catalogue">
              {t('From the vehicle catalogue')}
            </Button>
            <Button type="primary" loading={update.isPending} onClick={() => void save()} data-testid="save-lines">
              {t('Save')}
            </Button>
          </Space>
        )}
        <Table
          size="small"
          pagination={false}
          rowKey={(_l, i) => String(i)}
          columns={columns}
          dataSource={lines}
          summary={() =>
            totals ? (
              <Table.Summary.Row data-testid="asset-lines-totals">
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>{t('Total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(totals.grossAmount)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {editable ? (
                    <InputNumber
                      size="small"
                      min={0}
                      max={100}
                      value={Math.round(totals.discount * 1e6) / 1e4}
                      suffix="%"
                      data-testid="total-discount"
                      onChange={(v) =>
                        change(applyTotalDiscount(lines, Number((Number(v ?? 0) / 100).toFixed(6)), taxes))
                      }
                    />
                  ) : (
                    `${formatNumber(totals.discount * 100, i18n.language, { maximumFractionDigits: 4 })} %`
                  )}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <span data-testid="total-excl-tax">{money(totals.priceExclTax)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {money(totals.priceInclTax)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} colSpan={2} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </div>
      <Modal
        open={line !== undefined}
        title={t('Asset line')}
        onCancel={() => setEditing(undefined)}
        onOk={() => setEditing(undefined)}
        data-testid="line-editor"
      >
        {line && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div>
              {t('Catalogue')}
              <Suspense fallback={null}>
                <CatalogueLookup testId="line-catalogue" onPick={(item) => void pickItem(item)} />
              </Suspense>
              {line.asset?.name && <div data-testid="line-asset-name">{line.asset.name}</div>}
            </div>
            <label>
              {t('Quantity')}{' '}
              <InputNumber
                id="line-quantity"
                min={0}
                value={line.quantity as number}
                onChange={(v) => setLine({ quantity: v ?? 1 })}
              />
            </label>
            <label>
              {t('Unit price')}{' '}
              <InputNumber
                id="line-unit-price"
                min={0}
                value={line.unitPrice as number}
                onChange={(v) => setLine({ unitPrice: v ?? undefined })}
              />
            </label>
            <label>
              {t('Discount')}{' '}
              <InputNumber
                id="line-discount"
                min={0}
                max={100}
                value={Number(line.discount ?? 0) * 100}
                suffix="%"
                onChange={(v) => setLine({ discount: Number(v ?? 0) / 100 })}
              />
            </label>
            {/* Editing the net price back-computes the discount (spec 002 §5). */}
            <label>
              {t('Price excl tax')}{' '}
              <InputNumber
                id="line-price-excl-tax"
                min={0}
                value={line.priceExclTax}
                onChange={(v) => setLine({ discount: discountFromPriceExclTax(line, v ?? 0) })}
              />
            </label>
            <label>
              {t('Tax code')}{' '}
              <Input
                id="line-tax-code"
                value={line.taxCode ?? ''}
                onChange={(e) => setLine({ taxCode: e.target.value || undefined })}
              />
            </label>
            <Checkbox
              checked={Boolean(line.isPartExchange)}
              onChange={(e) => setLine({ isPartExchange: e.target.checked, isFinanced: !e.target.checked })}
            >
              {t('Is part exchange')}
            </Checkbox>
          </Space>
        )}
      </Modal>
      <Suspense fallback={null}>
        <VehicleCataloguePicker
          open={picking}
          onClose={() => setPicking(false)}
          onAsset={(asset) => change([...lines, { quantity: 1, discount: 0, isFinanced: true, ...lineOfAsset(asset) }])}
        />
      </Suspense>
      <Modal open={searching} title={t('Search')} footer={null} onCancel={() => setSearching(false)}>
        <Input
          autoFocus
          placeholder={t('Search')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          data-testid="asset-search-input"
        />
        <Table
          size="small"
          pagination={false}
          rowKey="registration"
          dataSource={found.data ?? []}
          style={{ marginTop: 8 }}
          columns={[
            {
              title: t('Asset'),
              key: 'name',
              render: (_: unknown, a: { registration: string; name?: string }) => (
                <Button
                  type="link"
                  data-testid={`pick-asset-${a.registration}`}
                  onClick={() => {
                    change([
                      ...lines,
                      {
                        assetRegistration: a.registration,
                        asset: { name: a.name },
                        quantity: 1,
                        discount: 0,
                        isFinanced: true,
                      },
                    ]);
                    setSearching(false);
                  }}
                >
                  {a.name} ({a.registration})
                </Button>
              ),
            },
          ]}
        />
      </Modal>
    </FormCard>
  );
}
