import { useEffect, useState } from 'react';
import { AutoComplete, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../fields/record-search.ts';
import { formatNumber } from '../i18n/formats.ts';
import { assetCatalogues, searchCatalogue, type CatalogueItem } from './catalogue-api.ts';

/** Searches start after three characters, 300 ms after the last key (spec 002 §9). */
const MIN_LENGTH = 3;
const DEBOUNCE_MS = 300;

/**
 * An asset catalogue lookup (spec 002 §5 "Asset lines"): choose the catalogue, type, pick an item;
 * the item goes to `onPick`, which fills price, tax, description, model, service and rv codes.
 */
export function CatalogueLookup({
  onPick,
  testId = 'catalogue',
}: {
  onPick(item: CatalogueItem): void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [catalog, setCatalog] = useState<string>(assetCatalogues[0]);
  const [text, setText] = useState('');
  const [items, setItems] = useState<CatalogueItem[]>([]);
  const [loading, setLoading] = useState(false);
  const term = useDebounced(text.trim(), DEBOUNCE_MS);

  useEffect(() => {
    if (term.length < MIN_LENGTH) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    searchCatalogue(catalog, term, { signal: controller.signal })
      .then((found) => setItems(Array.isArray(found) ? found : []))
      .catch(() => undefined)
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [catalog, term]);

  const price = (item: CatalogueItem) =>
    item.unitPrice === null
      ? ''
      : ` — ${formatNumber(Number(item.unitPrice), i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${item.currency ? ` ${item.currency}` : ''}`;

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        value={catalog}
        style={{ width: 140 }}
        aria-label={t('Catalogue')}
        data-testid={`${testId}-name`}
        onChange={(v) => {
          setCatalog(v);
          setItems([]);
        }}
        options={assetCatalogues.map((c) => ({ value: c, label: c }))}
      />
      <AutoComplete
        value={text}
        style={{ flex: 1 }}
        onChange={(v: string) => setText(v ?? '')}
        onSelect={(v: string) => {
          const item = items.find((i) => `${i.catalog}:${i.id}` === v);
          if (!item) return;
          onPick(item);
          setText('');
          setItems([]);
        }}
        options={items.map((item) => ({
          value: `${item.catalog}:${item.id}`,
          label: <span data-testid={`${testId}-item-${item.id}`}>{`${item.name}${price(item)}`}</span>,
        }))}
        notFoundContent={term.length >= MIN_LENGTH && !loading ? t('No catalogue item found') : undefined}
      >
        <Input
          prefix={<SearchOutlined />}
          placeholder={t('Search the catalogue (3 characters or more)')}
          data-testid={`${testId}-search`}
        />
      </AutoComplete>
    </Space.Compact>
  );
}
