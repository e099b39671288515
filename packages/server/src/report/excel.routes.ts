import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refusing } from '@lbo/model/schema/refusals';
import { buildWorkbook, parseExcelRequest, xlsxFileName } from './excel-workbook.ts';
import { contentDisposition } from '../http/downloads.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const columnNames = ['headerLabel', 'width', 'format', 'field'];
/**
 * The names a workbook request may carry; their values are checked by `parseExcelRequest`, which
 * names each problem as it always has. A column naming anything else is refused here.
 */
const excelBody = z.strictObject({
  fileName: z.unknown().optional().describe("the file's name (export)"),
  sheetName: z.unknown().optional().describe("the sheet's name (Sheet1)"),
  sheet: z.unknown().optional().describe('older name of sheetName'),
  autoFilter: z.unknown().optional(),
  columns: z
    .unknown()
    .superRefine((columns, ctx) => {
      if (!Array.isArray(columns)) return;
      columns.forEach((column, i) => {
        if (typeof column !== 'object' || column === null || Array.isArray(column)) return;
        const other = Object.keys(column).find((key) => !columnNames.includes(key));
        if (other) ctx.addIssue({ code: 'custom', path: [i, other], message: refusing('INVALID_FIELD_IN_BODY') });
      });
    })
    .describe('[{headerLabel, width?, format?, field?}]'),
  data: z.unknown().describe('the rows, as objects or arrays'),
});

/**
 * `POST /api/report/excel` (spec 000 §7): body fileName, sheetName, columns [{headerLabel, width,
 * format, field}], data (rows as objects or arrays) and autoFilter; answers the xlsx file as an
 * attachment named after fileName.
 */
export async function excelRoutes(
  app: FastifyInstance,
  { preHandler }: { preHandler: (request: FastifyRequest) => Promise<void> },
) {
  const schema = { tags: ['Report'], summary: 'An Excel workbook of the rows given', body: excelBody };
  app.post('/api/report/excel', { preValidation: preHandler, schema }, async (request, reply) => {
    const excel = parseExcelRequest(request.body);
    const file = await buildWorkbook(excel);
    const name = xlsxFileName(excel.fileName);
    reply.header('content-type', xlsxType);
    reply.header('content-disposition', contentDisposition('attachment', name));
    return reply.send(file);
  });
}
