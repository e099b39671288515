/**
 * ISO 11649 structured creditor references ("RF" + 2 check digits + up to 21 alphanumerics):
 * the reference printed for an invoice is built from its number, and one read back from a
 * payment is checked by mod 97 before it is trusted.
 */

/** Letters as numbers (A = 10 … Z = 35), then the remainder of that decimal number by 97. */
function mod97(text: string): number {
  let rest = 0;
  for (const c of text) {
    const digits = /[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** What of an invoice number a reference carries: letters and digits, upper case. */
export const referenceBody = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The ISO 11649 reference of `text` (an invoice number), or undefined when it has no room in 21 characters. */
export function creditorReference(text: string): string | undefined {
  const body = referenceBody(text);
  if (!body || body.length > 21) return undefined;
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** The body of a valid ISO 11649 reference (spaces allowed), else undefined (wrong form or check digits). */
export function creditorReferenceBody(text: string): string | undefined {
  const ref = text.toUpperCase().replace(/\s+/g, '');
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return undefined;
  return mod97(`${ref.slice(4)}${ref.slice(0, 4)}`) === 1 ? ref.slice(4) : undefined;
}

/**
 * The valid creditor references written in a free text (remittance information): `RF` and what
 * follows, whole or in groups (`RF18 5390 0754 7034`), the longest run of groups that checks.
 */
export function creditorReferencesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.toUpperCase().matchAll(/\bRF\s?(\d{2})((?:\s?[A-Z0-9]+)+)/g)) {
    const groups = m[2].trim().split(/\s+/);
    for (let n = groups.length; n > 0; n--) {
      const body = creditorReferenceBody(`RF${m[1]}${groups.slice(0, n).join('')}`);
      if (body) {
        found.push(body);
        break;
      }
    }
  }
  return found;
}
