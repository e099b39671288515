import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../fields/record-search.ts';
import { addressPivot } from './person-api.ts';
import {
  addressOfDetail,
  minSuggestionLength,
  newSessionToken,
  parseAddress,
  suggestionsOf,
  type Suggestion,
} from './addresses.ts';
import type { Item } from './list-edits.ts';

/** The address service settings of the configuration (`options.address`). */
export interface AddressServiceOptions {
  provider?: string;
  country?: string;
  region?: string;
}

/**
 * Address search through the addresses pivot (spec 002 §7): suggestions share a session token
 * until a detail call, which resets it. Failures are ignored; typed text that matches no
 * suggestion is parsed into fields on Enter.
 */
export function AddressSearch({
  id,
  service,
  onAddress,
  disabled,
}: {
  id: string;
  service: AddressServiceOptions;
  onAddress(address: Item): void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const token = useRef(newSessionToken());
  const term = useDebounced(text.trim(), 300);
  const none = service.provider === 'None';

  useEffect(() => {
    if (none || term.length < minSuggestionLength) return;
    const controller = new AbortController();
    addressPivot(
      {
        search: term,
        provider: service.provider,
        language: i18n.language.slice(0, 2),
        country: service.country,
        region: service.region,
        sessiontoken: token.current,
      },
      controller.signal,
    ).then((answer) => setSuggestions(suggestionsOf(answer)));
    return () => controller.abort();
  }, [term, none, service.provider, service.country, service.region, i18n.language]);

  const choose = async (index: string) => {
    const suggestion = suggestions[Number(index)];
    if (!suggestion) return;
    let address = addressOfDetail(undefined, suggestion);
    if (suggestion.placeId) {
      const detail = await addressPivot({
        placeId: suggestion.placeId,
        provider: service.provider,
        language: i18n.language.slice(0, 2),
        sessiontoken: token.current,
      });
      if (detail) address = addressOfDetail(detail, suggestion);
      token.current = newSessionToken();
    }
    onAddress(address);
    setText('');
    setSuggestions([]);
  };

  return (
    <AutoComplete
      value={text}
      disabled={disabled}
      style={{ width: '100%' }}
      onChange={(v: string) => setText(v ?? '')}
      onSelect={(v: string) => void choose(v)}
      options={suggestions.map((s, i) => ({ value: String(i), label: s.label }))}
    >
      <Input
        id={id}
        prefix={<SearchOutlined />}
        placeholder={t('Search an address')}
        data-testid="address-search"
        onPressEnter={() => {
          if (text.trim() && suggestions.length === 0) {
            onAddress(parseAddress(text));
            setText('');
          }
        }}
      />
    </AutoComplete>
  );
}
