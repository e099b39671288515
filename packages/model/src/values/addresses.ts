/**
 * Address helpers shared by the web and the server (spec 002 §3, §5; spec 000 §3): the formatted
 * address of a record and the heuristic reading of an address typed on one line.
 */
export interface Address {
  type?: string | null;
  addressLine?: string | null;
  address1?: string | null;
  address2?: string | null;
  zipcode?: string | null;
  city?: string | null;
  state?: string | null;
  cityCode?: string | null;
  country?: string | null;
  /** GeoJSON point: `coordinates` is [longitude, latitude]. */
  location?: { type?: string; coordinates?: unknown } | null;
  streetName?: string | null;
  streetNumber?: string | null;
  [field: string]: unknown;
}

const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * address1, address2, then zipcode and city; without those the coordinates rounded to 5 decimals
 * (latitude, longitude); then the address line; '' when there is nothing.
 */
export function formatAddress(address: Address | null | undefined): string {
  if (!address) return '';
  const place = [clean(address.zipcode), clean(address.city)].filter(Boolean).join(' ');
  const joined = [clean(address.address1), clean(address.address2), place].filter(Boolean).join(', ');
  if (joined) return joined;
  const c = address.location?.coordinates;
  if (Array.isArray(c) && c.length >= 2 && c.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return `${round5(c[1] as number)}, ${round5(c[0] as number)}`;
  }
  return clean(address.addressLine);
}

/** A postal code is a 5-character number. */
export const POSTAL_CODE_LENGTH = 5;
const postalCode = new RegExp(`(?:^|\\s)(\\d{${POSTAL_CODE_LENGTH}})(?:\\s|$)`);

/** "75002 Paris" → zipcode and city; a part without a postal code is all city. */
function placeOf(part: string): Pick<Address, 'zipcode' | 'city'> {
  const m = postalCode.exec(part);
  if (!m) return { zipcode: null, city: part || null };
  const city = (part.slice(0, m.index) + ' ' + part.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim();
  return { zipcode: m[1], city: city || null };
}

/**
 * Reads an address typed on one line (spec 002 §5). Comma-separated parts, 2 to 4 of them:
 * street, [second line], postal code and city, [country]. The part holding the 5-digit postal
 * code is the place; before it the street and second line, after it the country. Without a
 * postal code, 2 parts are street and city, 3 street, city and country, 4 street, second line,
 * city and country. Anything else is kept as the address line only. Missing fields are null.
 */
export function parseAddress(text: string): Address {
  const line = text.replace(/\s+/g, ' ').trim();
  const empty: Address = {
    addressLine: line || null,
    address1: null,
    address2: null,
    zipcode: null,
    city: null,
    country: null,
  };
  const parts = line
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || parts.length > 4) return empty;
  let at = parts.findIndex((p, i) => i > 0 && postalCode.test(p));
  if (at < 0) at = parts.length === 2 ? 1 : parts.length - 2;
  if (at > 2 || parts.length - at > 2) return empty;
  return {
    ...empty,
    address1: parts[0],
    address2: at === 2 ? parts[1] : null,
    ...placeOf(parts[at]),
    country: parts[at + 1] ?? null,
  };
}
