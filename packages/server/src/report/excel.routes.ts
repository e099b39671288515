import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildWorkbook, parseExcelRequest, xlsxFileName } from './excel-workbook.ts';
import { contentDisposition } from '../http/downloads.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `POST /api/report/excel` (spec 000 §7): body fileName, sheetName, columns [{headerLabel, width,
 * format, field}], data (rows as objects or arrays) and autoFilter; answers the xlsx file as an
 * attachment named after fileName.
 */
export async function excelRoutes(
  app: FastifyInstance,
  { preHandler }: { preHandler: (request: FastifyRequest) => Promise<void> },
) {
  app.post('/api/report/excel', { preHandler }, async (request, reply) => {
    const excel = parseExcelRequest(request.body);
    const file = await buildWorkbook(excel);
    const name = xlsxFileName(excel.fileName);
    reply.header('content-type', xlsxType);
    reply.header('content-disposition', contentDisposition('attachment', name));
    return reply.send(file);
  });
}
