/**
 * The tenant's invoice layout: tenant configuration `invoiceLayout` (PUT
 * /api/core/tenant-configuration/invoiceLayout, docs/api.md "Invoice PDFs"), over the product's
 * defaults: an accent colour, the texts per language (any key of invoice-texts.ts, footer and legal
 * mentions included) and which blocks are printed.
 */
import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { invoiceTextKeys, type InvoiceTexts } from './invoice-texts.ts';

export const invoiceBlocks = [
  'sellerIdentifiers',
  'buyerIdentifiers',
  'lineDueDates',
  'taxBreakdown',
  'amountInWords',
  'paymentInstructions',
  'pageNumbers',
] as const;
export type InvoiceBlock = (typeof invoiceBlocks)[number];

export interface InvoiceLayout {
  /** `#RRGGBB`, for the title, the table heads and rules. */
  accentColor: string;
  /** Texts replacing the product's, per language (`{ fr: { footer: 'SAS au capital de…' } }`). */
  texts: Record<string, Partial<InvoiceTexts>>;
  blocks: Record<InvoiceBlock, boolean>;
}

export const defaultInvoiceLayout: InvoiceLayout = {
  accentColor: '#1F4E79',
  texts: {},
  blocks: Object.fromEntries(invoiceBlocks.map((b) => [b, true])) as Record<InvoiceBlock, boolean>,
};

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const MAX_TEXT = 2000;

/** Checks a layout document as the configuration route receives it; the first problem names its field. */
export function validateInvoiceLayout(value: unknown): Partial<InvoiceLayout> {
  if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  const unknown = Object.keys(value).find((key) => !['accentColor', 'texts', 'blocks'].includes(key));
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
  if (
    value.accentColor !== undefined &&
    !(typeof value.accentColor === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value.accentColor))
  ) {
    throw new ApiError('INVALID_FIELD_IN_CONFIG', ['accentColor', 'a colour like #1F4E79']);
  }
  if (value.texts !== undefined) {
    if (!isObject(value.texts)) throw new ApiError('INVALID_OBJECT_FIELD', ['texts']);
    for (const [language, texts] of Object.entries(value.texts)) {
      if (!LANGUAGE.test(language))
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [`texts.${language}`, 'a language code like fr or en-IN']);
      if (!isObject(texts)) throw new ApiError('INVALID_OBJECT_FIELD', [`texts.${language}`]);
      for (const [key, text] of Object.entries(texts)) {
        if (!(invoiceTextKeys as readonly string[]).includes(key))
          throw new ApiError('INVALID_FIELD_IN_BODY', [`texts.${language}.${key}`]);
        if (typeof text !== 'string' || text.length > MAX_TEXT)
          throw new ApiError('INVALID_FIELD_IN_CONFIG', [
            `texts.${language}.${key}`,
            `a text of at most ${MAX_TEXT} characters`,
          ]);
      }
    }
  }
  if (value.blocks !== undefined) {
    if (!isObject(value.blocks)) throw new ApiError('INVALID_OBJECT_FIELD', ['blocks']);
    for (const [block, shown] of Object.entries(value.blocks)) {
      if (!(invoiceBlocks as readonly string[]).includes(block))
        throw new ApiError('INVALID_FIELD_IN_BODY', [`blocks.${block}`]);
      if (typeof shown !== 'boolean') throw new ApiError('INVALID_BOOLEAN_FIELD', [`blocks.${block}`]);
    }
  }
  return value as Partial<InvoiceLayout>;
}

/** The stored layout over the defaults. */
export function layoutOf(stored: Partial<InvoiceLayout> | undefined): InvoiceLayout {
  return {
    accentColor: stored?.accentColor ?? defaultInvoiceLayout.accentColor,
    texts: stored?.texts ?? {},
    blocks: { ...defaultInvoiceLayout.blocks, ...stored?.blocks },
  };
}

/** The tenant's layout (read here rather than through auth/tenant-configuration.ts, which imports this file's check). */
export async function tenantInvoiceLayout(tx: Tx, tenant: string): Promise<InvoiceLayout> {
  const { rows } = await sql<{
    value: Partial<InvoiceLayout>;
  }>`SELECT value FROM tenant_configuration WHERE tenant = ${tenant} AND name = 'invoiceLayout'`.execute(tx);
  return layoutOf(rows[0]?.value);
}
