/**
 * Spec 000 §3: a formatted address joins address1, address2, zipcode and city, falls back to
 * the coordinates rounded to 5 decimals, then to addressLine.
 */
export function formatAddress(address: unknown): string {
  if (!address || typeof address !== 'object') return '';
  const a = address as Record<string, unknown>;
  const joined = [a.address1, a.address2, a.zipcode, a.city].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  if (joined) return joined;
  const coordinates = (a.location as { coordinates?: unknown } | undefined)?.coordinates;
  if (Array.isArray(coordinates) && coordinates.length === 2 && coordinates.every((c) => typeof c === 'number')) {
    const [longitude, latitude] = coordinates as number[];
    return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  }
  return typeof a.addressLine === 'string' ? a.addressLine : '';
}
