import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildWorkbook, parseExcelRequest, xlsxFileName } from './excel-workbook.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `POST /api/report/excel` (spec 000 §7): body fileName, sheetName, columns [{headerLabel, width,
 * format, field}], data (rows as objects or arrays) and autoFilter; answers the xlsx file as an
 * attachment named after fileName.
 */
export async function excelRoutes(app: FastifyInstance, { preHandler }: { preHandler: (request: FastifyRequest) => Promise<void> }) {
  app.post('/api/report/excel', { preHandler }, async (request, reply) => {
    const excel = parseExcelRequest(request.body);
    const file = await buildWorkbook(excel);
    const name = xlsxFileName(excel.fileName);
    const ascii = name.replace(/[^\x20-\x7e]/g, '_');
    reply.header('content-type', xlsxType);
    reply.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    return reply.send(file);
  });
}
