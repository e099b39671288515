import { describe, expect, it } from 'vitest';
import { indentXml } from './payment-files-api.ts';

describe('the payment file XML shown', () => {
  it('is indented one element a line, leaves on their line, the content unchanged', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:x"><A><B>1 &amp; 2</B><C Ccy="EUR">10.10</C><D/><E></E></A>\n</Document>\n';
    expect(indentXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Document xmlns="urn:x">',
        '  <A>',
        '    <B>1 &amp; 2</B>',
        '    <C Ccy="EUR">10.10</C>',
        '    <D/>',
        '    <E></E>',
        '  </A>',
        '</Document>',
      ].join('\n'),
    );
    expect(indentXml(xml).replace(/\n\s*/g, '')).toBe(xml.replace(/>\s+</g, '><').trim());
  });
});
