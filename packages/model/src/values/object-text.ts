/**
 * A list or object cell as one line, the same on the list screen and in an export: names (with
 * roles) joined — `CLIENT: Martin SAS, PARTNER: PER000002`.
 */
export function objectText(value: unknown): string {
  const one = (item: unknown): string => {
    if (item === null || item === undefined) return '';
    if (typeof item !== 'object') return String(item);
    const o = item as Record<string, unknown>;
    const main =
      o.name ?? (o.person as { name?: unknown } | undefined)?.name ?? o.personRegistration ?? o.registration ?? o.value;
    const role = o.role;
    if (main !== undefined) return role ? `${role}: ${main}` : String(main);
    return role ? String(role) : JSON.stringify(o);
  };
  return Array.isArray(value) ? value.map(one).filter(Boolean).join(', ') : one(value);
}
