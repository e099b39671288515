import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { ApiError } from '@lbo/model/errors';
import { installErrorHandling } from '../http/errors.ts';
import { installSchemas } from '../http/schemas.ts';
import { excelRoutes } from './excel.routes.ts';

let app: FastifyInstance;
const headers = { authorization: 'Bearer test' };

beforeAll(async () => {
  app = Fastify();
  installErrorHandling(app);
  // The app's zod validation, which the route's body schema needs.
  await installSchemas(app);
  const preHandler = async (request: FastifyRequest) => {
    if (request.headers.authorization !== 'Bearer test') throw new ApiError('UNAUTHENTICATED');
  };
  await app.register(excelRoutes, { preHandler });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: unknown, extra: Record<string, string> = headers) =>
  app.inject({ method: 'POST', url: '/api/report/excel', headers: extra, payload: payload as object });

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('POST /api/report/excel', () => {
  it('answers an xlsx with headers, typed cells, formats and an auto filter', async () => {
    const res = await post({
      fileName: 'Contracts',
      sheetName: 'Contracts',
      autoFilter: true,
      columns: [
        { headerLabel: 'Registration', width: 14, field: 'registration' },
        { headerLabel: 'Start date', format: 'date', field: 'startDate' },
        { headerLabel: 'Amount', format: 'currency', field: 'amount' },
        { headerLabel: 'Client', field: 'persons.0.name' },
      ],
      data: [
        { registration: 'CT000001', startDate: '2024-03-15', amount: 12345.6, persons: [{ name: 'Martin SAS' }] },
        { registration: 'CT000002', startDate: null, amount: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Contracts.xlsx"');
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Contracts');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Registration', 'Start date', 'Amount', 'Client']);
    expect(sheet.getCell('A2').value).toBe('CT000001');
    expect(sheet.getCell('B2').value).toEqual(new Date('2024-03-15T00:00:00Z'));
    expect(sheet.getCell('C2').value).toBe(12345.6);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D2').value).toBe('Martin SAS');
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toBe(0);
    expect(sheet.getColumn(1).width).toBe(14);
    expect(sheet.autoFilter).toBeTruthy();
  });

  it('reads rows given as arrays by column position and keeps a non-ASCII file name', async () => {
    const res = await post({
      fileName: 'Échéancier.xlsx',
      columns: [{ headerLabel: 'A' }, { headerLabel: 'B', format: '0.000' }],
      data: [
        ['x', 1.5],
        ['y', 2],
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Échéancier.xlsx')}`);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Sheet1');
    expect(sheet.getCell('A3').value).toBe('y');
    expect(sheet.getCell('B2').numFmt).toBe('0.000');
  });

  it('answers the catalogue errors that name the field', async () => {
    const cases: [unknown, string][] = [
      [{}, '400|MISSING_BODY_PAYLOAD|Body payload is mandatory'],
      [{ fileName: 'x', data: [] }, '400|MISSING_FIELD_IN_BODY|Missing field columns in body'],
      [{ columns: 'a', data: [] }, '400|INVALID_ARRAY_FIELD|Field columns must be an array'],
      [{ columns: [], data: [] }, '400|EMPTY_BODY_ARRAY|Body array columns must not be empty'],
      [{ columns: [{ headerLabel: 'A' }] }, '400|MISSING_FIELD_IN_BODY|Missing field data in body'],
      [{ columns: [{ width: 3 }], data: [] }, '400|INVALID_STRING_FIELD|Field columns[0].headerLabel must be a string'],
      [
        { columns: [{ headerLabel: 'A', width: -1 }], data: [] },
        '400|INVALID_POSITIVE_NUMBER_FIELD|Field columns[0].width must be a positive number',
      ],
      [{ columns: [{ headerLabel: 'A' }], data: [3] }, '400|INVALID_OBJECT_FIELD|Field data[0] must be an object'],
      [
        { fileName: '', columns: [{ headerLabel: 'A' }], data: [] },
        '400|INVALID_NON_EMPTY_STRING_FIELD|Field fileName must be a non-empty string',
      ],
      [
        { columns: [{ headerLabel: 'A' }], data: [], autoFilter: 'yes' },
        '400|INVALID_BOOLEAN_FIELD|Field autoFilter must be a boolean',
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await post(payload);
      expect(res.json().error, JSON.stringify(payload)).toBe(error);
    }
  });

  it('refuses a caller the preHandler refuses', async () => {
    const res = await post({ columns: [{ headerLabel: 'A' }], data: [] }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
