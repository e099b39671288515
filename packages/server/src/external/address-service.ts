import type { Address } from '@lbo/model/values/addresses';
import type { ExternalService } from './http-json.ts';
import { gouvFrAddresses } from './gouv-fr-addresses.ts';

/**
 * Address services behind `POST /api/external/pivot/addresses` (spec 002 §7): suggestions while
 * typing, the detail of a chosen suggestion, and the address at coordinates.
 */
export interface AddressSuggestion {
  /** What the client sends back as `placeId` for the detail. */
  placeId: string;
  label: string;
  /** The address itself, when the provider gives it with the suggestion. */
  address?: Address;
}

export interface SuggestQuery {
  search: string;
  language?: string;
  country?: string;
  region?: string;
  sessionToken?: string;
  limit: number;
}

export interface AddressProvider {
  suggest(service: ExternalService, query: SuggestQuery): Promise<AddressSuggestion[]>;
  detail(
    service: ExternalService,
    query: { placeId: string; extraInfo?: string; sessionToken?: string },
  ): Promise<Address | null>;
  reverse(service: ExternalService, query: { longitude: number; latitude: number }): Promise<Address | null>;
}

/** No address service: no suggestion, no detail, no reverse lookup, and no call. */
const none: AddressProvider = {
  suggest: async () => [],
  detail: async () => null,
  reverse: async () => null,
};

export const addressProviders: Record<string, { adapter: AddressProvider; defaultBaseUrl: string }> = {
  None: { adapter: none, defaultBaseUrl: '' },
  GouvFr: { adapter: gouvFrAddresses, defaultBaseUrl: 'https://api-adresse.data.gouv.fr' },
};
