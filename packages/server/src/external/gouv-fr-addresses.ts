import type { Address } from '@lbo/model/values/addresses';
import type { AddressProvider } from './address-service.ts';
import { getJson, type ExternalService } from './http-json.ts';

/**
 * The French national address service (api-adresse.data.gouv.fr, Base Adresse Nationale):
 * `GET /search/?q=…&limit=…` and `GET /reverse/?lon=…&lat=…` answer a GeoJSON FeatureCollection
 * whose features carry `properties {id, label, name, housenumber, street, postcode, city,
 * citycode, context}` and a Point geometry. It covers France only and has no detail call, so a
 * suggestion's placeId is its full label and the detail searches that label again.
 */
interface Feature {
  type?: string;
  geometry?: { type?: string; coordinates?: number[] };
  properties?: {
    id?: string;
    label?: string;
    name?: string;
    housenumber?: string;
    street?: string;
    postcode?: string;
    city?: string;
    citycode?: string;
    context?: string;
    type?: string;
  };
}

interface FeatureCollection {
  type?: string;
  features?: Feature[];
}

const MIN_SEARCH = 3;
const MAX_SEARCH = 200;

export function addressOfFeature(feature: Feature): Address {
  const p = feature.properties ?? {};
  const c = feature.geometry?.coordinates;
  // context: "80, Somme, Hauts-de-France": the region is the last part.
  const context = (p.context ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    type: 'MAIN',
    addressLine: p.label ?? null,
    address1: p.name ?? null,
    address2: null,
    zipcode: p.postcode ?? null,
    city: p.city ?? null,
    cityCode: p.citycode ?? null,
    state: context.length > 2 ? context[context.length - 1] : null,
    country: 'FR',
    streetName: p.street ?? (p.type === 'street' ? (p.name ?? null) : null),
    streetNumber: p.housenumber ?? null,
    location:
      Array.isArray(c) && c.length === 2 && c.every(Number.isFinite)
        ? { type: 'Point', coordinates: [c[0], c[1]] }
        : null,
  };
}

const featuresOf = (answer: FeatureCollection | undefined) =>
  (Array.isArray(answer?.features) ? answer.features : []).filter((f) => typeof f?.properties?.label === 'string');

export const gouvFrAddresses: AddressProvider = {
  async suggest(service: ExternalService, query) {
    const q = query.search.trim();
    if (q.length < MIN_SEARCH || (query.country && query.country.toUpperCase() !== 'FR')) return [];
    const answer = await getJson<FeatureCollection>(service, '/search/', {
      q: q.slice(0, MAX_SEARCH),
      limit: query.limit,
      autocomplete: 1,
    });
    return featuresOf(answer).map((f) => ({
      placeId: f.properties!.label!,
      label: f.properties!.label!,
      address: addressOfFeature(f),
    }));
  },
  async detail(service, { placeId }) {
    const q = placeId.trim();
    if (q.length < MIN_SEARCH) return null;
    const features = featuresOf(
      await getJson<FeatureCollection>(service, '/search/', { q: q.slice(0, MAX_SEARCH), limit: 5 }),
    );
    const found = features.find((f) => f.properties!.label === q || f.properties!.id === q) ?? features[0];
    return found ? addressOfFeature(found) : null;
  },
  async reverse(service, { longitude, latitude }) {
    const [found] = featuresOf(
      await getJson<FeatureCollection>(service, '/reverse/', { lon: longitude, lat: latitude, limit: 1 }),
    );
    return found ? addressOfFeature(found) : null;
  },
};
