/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII name first for old
 * clients, the exact one after. Every download of the API names its file so.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
