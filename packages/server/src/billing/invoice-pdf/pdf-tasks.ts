/**
 * What a PDF thread renders (pdf-workers.ts): an invoice or a dunning letter, from plain data, so
 * that a task crosses to a worker thread as a structured clone.
 */
import type { Doc } from '../../entities/storage.ts';
import { type Letter, renderDunningLetter } from '../dunning/dunning-letter.ts';
import type { InvoiceLayout } from './invoice-layout.ts';
import { type PrintedPerson, renderInvoicePdf } from './render-invoice-pdf.ts';

export type PdfTask =
  | {
      kind: 'invoice';
      invoice: Doc;
      lines: Doc[];
      seller: PrintedPerson;
      buyer: PrintedPerson;
      layout: InvoiceLayout;
      language: string;
    }
  | { kind: 'letter'; letter: Letter };

type Renderers = { [K in PdfTask['kind']]: (task: Extract<PdfTask, { kind: K }>) => Promise<Buffer> };

const renderers: Renderers = {
  invoice: ({ invoice, lines, seller, buyer, layout, language }) =>
    renderInvoicePdf(invoice, lines, seller, buyer, layout, language),
  letter: ({ letter }) => renderDunningLetter(letter),
};

/** Renders `task` in this thread. */
export const renderTask = (task: PdfTask): Promise<Buffer> =>
  (renderers[task.kind] as (task: PdfTask) => Promise<Buffer>)(task);
