import { useState } from 'react';
import { Button, Input, InputNumber, List, Modal, Select, Space, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notify.tsx';
import { useDebounced } from '../fields/record-search.ts';
import { formatNumber } from '../i18n/formats.ts';
import { lecturaToAsset, vehicleCatalogue, type VehicleModel } from './catalogue-api.ts';

const usages = ['LOW', 'NORMAL', 'HIGH'] as const;
const usageLabels: Record<(typeof usages)[number], string> = {
  LOW: 'Low usage',
  NORMAL: 'Normal usage',
  HIGH: 'High usage',
};

/**
 * "From the vehicle catalogue": choose a model by category, manufacturer and model, or by
 * search, with its model year and usage; the server makes it an asset (`lectura-to-asset`), which
 * goes to `onAsset`.
 */
export function VehicleCataloguePicker({
  open,
  onClose,
  onAsset,
}: {
  open: boolean;
  onClose(): void;
  onAsset(asset: Record<string, unknown>): void;
}) {
  const { t, i18n } = useTranslation();
  const [root, setRoot] = useState<string>();
  const [sub, setSub] = useState<string>();
  const [maker, setMaker] = useState<string>();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<VehicleModel>();
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const [usage, setUsage] = useState<(typeof usages)[number]>('NORMAL');
  const [making, setMaking] = useState(false);
  const term = useDebounced(text.trim(), 300);
  const category = sub ?? root;

  const roots = useQuery({
    queryKey: ['lectura', 'roots'],
    queryFn: () => vehicleCatalogue.rootCategories(),
    enabled: open,
  });
  const subs = useQuery({
    queryKey: ['lectura', 'subs', root],
    queryFn: () => vehicleCatalogue.subCategories(root!),
    enabled: open && !!root,
  });
  const makers = useQuery({
    queryKey: ['lectura', 'makers', category],
    queryFn: () => vehicleCatalogue.manufacturers(category!),
    enabled: open && !!category,
  });
  const models = useQuery({
    queryKey: ['lectura', 'models', category, maker],
    queryFn: () => vehicleCatalogue.models(category!, maker!),
    enabled: open && !!category && !!maker,
  });
  const found = useQuery({
    queryKey: ['lectura', 'search', term],
    queryFn: () => vehicleCatalogue.search(term),
    enabled: open && term.length >= 3,
  });

  const price = (m: VehicleModel) =>
    m.newPrice === null
      ? ''
      : `${formatNumber(Number(m.newPrice), i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currency ?? ''}`;
  const modelList = (data: VehicleModel[] | undefined, loading: boolean) => (
    <List
      size="small"
      loading={loading}
      dataSource={data ?? []}
      style={{ maxHeight: 260, overflow: 'auto' }}
      renderItem={(m) => (
        <List.Item
          onClick={() => setChosen(m)}
          style={{ cursor: 'pointer', background: chosen?.id === m.id ? 'rgba(22,119,255,0.1)' : undefined }}
          data-testid={`vehicle-model-${m.id}`}
        >
          <span>
            {m.manufacturerName} {m.name}
          </span>
          <span>{price(m)}</span>
        </List.Item>
      )}
    />
  );

  const make = async () => {
    if (!chosen) return;
    setMaking(true);
    try {
      const asset = await lecturaToAsset({ modelId: chosen.id, year, usage });
      if (!asset || !asset.registration) {
        notify({ level: 'error', message: 'The vehicle catalogue could not make the asset' });
        return;
      }
      onAsset(asset);
      setChosen(undefined);
      onClose();
    } finally {
      setMaking(false);
    }
  };

  const options = (items: { id: string; name: string }[] | undefined) =>
    (items ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Modal
      open={open}
      title={t('From the vehicle catalogue')}
      onCancel={onClose}
      width={720}
      footer={
        <Space>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            type="primary"
            disabled={!chosen}
            loading={making}
            onClick={() => void make()}
            data-testid="vehicle-add"
          >
            {t('Add the vehicle')}
          </Button>
        </Space>
      }
    >
      <Tabs
        items={[
          {
            key: 'browse',
            label: t('By category'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Select
                  placeholder={t('Category')}
                  value={root}
                  loading={roots.isLoading}
                  options={options(roots.data)}
                  data-testid="vehicle-category"
                  onChange={(v) => {
                    setRoot(v);
                    setSub(undefined);
                    setMaker(undefined);
                  }}
                  style={{ width: '100%' }}
                />
                <Select
                  placeholder={t('Sub-category')}
                  value={sub}
                  allowClear
                  disabled={!root}
                  options={options(subs.data)}
                  data-testid="vehicle-sub-category"
                  onChange={(v) => {
                    setSub(v);
                    setMaker(undefined);
                  }}
                  style={{ width: '100%' }}
                />
                <Select
                  placeholder={t('Manufacturer')}
                  value={maker}
                  showSearch={{ optionFilterProp: 'label' }}
                  disabled={!category}
                  options={options(makers.data)}
                  data-testid="vehicle-manufacturer"
                  onChange={setMaker}
                  style={{ width: '100%' }}
                />
                {maker && modelList(models.data, models.isLoading)}
              </Space>
            ),
          },
          {
            key: 'search',
            label: t('By search'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Input
                  placeholder={t('Manufacturer and model (3 characters or more)')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  data-testid="vehicle-search"
                />
                {term.length >= 3 && modelList(found.data, found.isLoading)}
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }} wrap>
        <span data-testid="vehicle-chosen">
          {chosen ? `${chosen.manufacturerName ?? ''} ${chosen.name}` : t('No vehicle chosen')}
        </span>
        <label>
          {t('Model year')}{' '}
          <InputNumber
            min={1950}
            max={2200}
            value={year}
            onChange={(v) => setYear(v ?? year)}
            data-testid="vehicle-year"
          />
        </label>
        <Select
          value={usage}
          onChange={setUsage}
          style={{ width: 160 }}
          aria-label={t('Usage')}
          options={usages.map((u) => ({ value: u, label: t(usageLabels[u]) }))}
        />
      </Space>
    </Modal>
  );
}
