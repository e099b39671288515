import { entityByName } from '@lbo/model/entity-registry';
import { api, request } from '../app/api/client.ts';
import { apiPaths, type DocumentItem, type Row } from '../app/api/data-provider.ts';

/**
 * The payment-file calls of the web (docs/api.md "Payment files"): a generation started in the
 * background, a file's stored XML and its PAYMENT_FILE document.
 */
export const paymentFileKind = entityByName('PaymentFile')!;
export const paymentFileLineKind = entityByName('PaymentFileLine')!;

export type PaymentFileType = 'SEPA_DIRECT_DEBIT' | 'SEPA_CREDIT_TRANSFER';
export const versionsOf: Record<PaymentFileType, string[]> = {
  SEPA_DIRECT_DEBIT: ['pain.008.001.08', 'pain.008.001.02'],
  SEPA_CREDIT_TRANSFER: ['pain.001.001.09', 'pain.001.001.03'],
};

export interface GenerateRequest {
  type: PaymentFileType;
  version: string;
  scheme?: 'CORE' | 'B2B';
  dueUntil: string;
  organizations?: string[];
}

/** Queues a generation; answers its batch. */
export function generatePaymentFiles(body: GenerateRequest) {
  return api.post<Row>(`${apiPaths.kind(paymentFileKind)}/generate`, body);
}

/** A file's XML as stored. */
export async function paymentFileXml(registration: string, signal?: AbortSignal): Promise<string> {
  const blob = (
    await request<Blob>('GET', `${apiPaths.record(paymentFileKind, registration)}/xml`, {
      blob: true,
      silent: true,
      signal,
    })
  ).data;
  return blob.text();
}

/** A file's PAYMENT_FILE document (the first), with the token that opens it. */
export async function paymentFileDocument(
  registration: string,
  signal?: AbortSignal,
): Promise<DocumentItem | undefined> {
  const documents = await api.get<DocumentItem[]>(apiPaths.documents(paymentFileKind, registration), {
    query: { type: 'PAYMENT_FILE' },
    signal,
    silent: true,
  });
  return documents[0];
}

/**
 * An XML text indented for reading: one element a line, two spaces a level; a leaf element stays on
 * its line with its text. Only tags are moved: the content is unchanged.
 */
export function indentXml(xml: string): string {
  const tokens = xml
    .replace(/>\s+</g, '><')
    .split(/(?=<)|(?<=>)/)
    .filter((t) => t.trim() !== '');
  const out: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      out.push(`${'  '.repeat(depth)}${token}`);
    } else if (token.startsWith('<?') || token.startsWith('<!') || token.endsWith('/>')) {
      out.push(`${'  '.repeat(depth)}${token}`);
    } else if (token.startsWith('<')) {
      // A leaf: <a>text</a> on one line.
      if (tokens[i + 1] !== undefined && !tokens[i + 1].startsWith('<') && tokens[i + 2]?.startsWith('</')) {
        out.push(`${'  '.repeat(depth)}${token}${tokens[i + 1]}${tokens[i + 2]}`);
        i += 2;
      } else if (tokens[i + 1]?.startsWith('</')) {
        out.push(`${'  '.repeat(depth)}${token}${tokens[i + 1]}`);
        i += 1;
      } else {
        out.push(`${'  '.repeat(depth)}${token}`);
        depth++;
      }
    } else {
      out.push(`${'  '.repeat(depth)}${token}`);
    }
  }
  return out.join('\n');
}
