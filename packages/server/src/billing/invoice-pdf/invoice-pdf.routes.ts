import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import { idParams } from '@lbo/model/schema/request-values';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { inTenant, scopeOf, type Db } from '../../db/database.ts';
import * as storage from '../../entities/storage.ts';
import { contentDisposition } from '../../http/downloads.ts';
import { typed } from '../../http/schemas.ts';
import { invoicePdf, invoicePdfName } from './invoice-pdf.operation.ts';

/**
 * `GET /api/billing/invoices/{registration}/pdf-preview`: the invoice's PDF rendered now from its
 * current data (a draft before it is issued), inline; nothing is stored. The issued invoice's PDF
 * is its INVOICE document (`…/documents?type=INVOICE`).
 */
export async function invoicePdfRoutes(
  app: FastifyInstance,
  { db, preHandler }: { db: Db; preHandler: (request: FastifyRequest) => Promise<void> },
) {
  typed(app).get(
    '/api/billing/invoices/:id/pdf-preview',
    {
      preValidation: preHandler,
      config: { entity: invoiceKind.name, permission: `read /api/${invoiceKind.route}` },
      schema: {
        tags: ['Invoice'],
        summary: "The invoice's PDF rendered from its current data (application/pdf, inline)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const { id } = request.params;
      const { pdf, name } = await inTenant(db, scopeOf(caller), async (tx) => {
        const row = await storage.findOne(tx, invoiceKind, caller.tenant, id);
        if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [invoiceKind.name, id]);
        const invoice = storage.toDocument(row);
        return { pdf: await invoicePdf(tx, caller.tenant, invoice), name: invoicePdfName(invoice) };
      });
      reply.header('content-disposition', contentDisposition('inline', name));
      reply.header('cache-control', 'private, no-store');
      return reply.type('application/pdf').send(pdf);
    },
  );
}
