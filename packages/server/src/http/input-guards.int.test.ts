import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Each bad input named by the error catalogue's rule: a 4xx in the catalogue form naming the field. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...t.alpha.headers, ...headers },
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });

function refused(res: LightMyRequestResponse | { statusCode: number; body: string }, error: string) {
  expect(res.statusCode, res.body).toBe(Number(error.split('|')[0]));
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ statusCode: res.statusCode, error });
  expect(body.error).toBe(`${body.statusCode}|${body.code}|${body.message}`);
}

/** Sends raw bytes on a socket and reads the whole answer: what Node's HTTP parser refuses never reaches inject. */
function raw(request: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ statusCode: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

describe('names that are properties of every object', () => {
  for (const name of ['__proto__', 'constructor', 'prototype']) {
    it(`${name} as a projection, breakdown, sort, filter, include or provider`, async () => {
      for (const key of ['projection', 'breakdown']) {
        refused(
          await call('GET', `/api/financing/contracts?${key}=${name}`),
          `400|INVALID_FIELD_IN_QUERY|Invalid field ${key} in query: ${name} is not a field`,
        );
      }
      refused(
        await call('GET', `/api/financing/contracts?sort=${name}`),
        `400|INVALID_FIELD_IN_QUERY|Invalid field sort in query: ${name} is not sortable`,
      );
      refused(
        await call('GET', `/api/financing/contracts?include=${name}`),
        `400|INVALID_FIELD_IN_QUERY|Invalid field include in query: ${name} is not a linked field`,
      );
      refused(
        await call('GET', `/api/financing/contracts?${name}=1`),
        `400|INVALID_FIELD_IN_QUERY|Invalid field ${name} in query: unknown filter`,
      );
      refused(
        await call('GET', `/api/financing/contracts?organization.${name}=1`),
        `400|INVALID_FIELD_IN_QUERY|Invalid field organization.${name} in query: unknown filter`,
      );
      refused(
        await call('POST', `/api/external/pivot/addresses?provider=${name}&search=rue`, {}),
        `400|INVALID_FIELD_IN_QUERY|Invalid field provider in query: unknown provider ${name}`,
      );
    });
  }
});

describe('a NUL character', () => {
  it('in an id or path parameter of every route', async () => {
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      refused(
        await call(
          method,
          '/api/support/tickets/%00',
          method === 'PATCH' || method === 'PUT' ? { name: 'x' } : undefined,
        ),
        '400|INVALID_FIELD_IN_PATH|Invalid field id in path',
      );
    }
    for (const url of [
      '/api/person/persons/%00/hierarchy',
      '/api/core/users/%00/preferences',
      '/api/core/locales/%00',
    ]) {
      refused(await call('GET', url), '400|INVALID_FIELD_IN_PATH|Invalid field id in path');
    }
    refused(await call('GET', '/api/dyno/%00'), '400|INVALID_FIELD_IN_PATH|Invalid field name in path');
  });

  it('in a query parameter or a body text', async () => {
    refused(
      await call('GET', '/api/script/lists?lists=%00'),
      '400|INVALID_FIELD_IN_QUERY|Invalid field lists in query: contains a NUL character',
    );
    refused(
      await call('POST', '/api/core/users/admin@alpha/preferences', { groupId: 'a\u0000', type: 'UI', value: {} }),
      '400|INVALID_FIELD_IN_BODY|Invalid field groupId in body',
    );
    refused(
      await call('POST', '/api/script/runs/quick-add-relations', { sourcePerson: 'PER\u0000' }),
      '400|INVALID_FIELD_IN_BODY|Invalid field sourcePerson in body',
    );
  });
});

describe('sizes and shapes', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  it('JSON nested 5,000 deep is refused while parsing', async () => {
    const json = { 'content-type': 'application/json' };
    const error = '400|INVALID_FIELD_VALUE|Invalid value (nested more than 32 levels) for field body';
    refused(await call('POST', '/api/support/tickets', `{"name":"x","description":${deep(5000)}}`, json), error);
    refused(
      await call(
        'POST',
        '/api/core/users/admin@alpha/preferences',
        `{"groupId":"g","type":"UI","value":${deep(5000)}}`,
        json,
      ),
      error,
    );
  });

  it("a text past its type's length, on an indexed field", async () => {
    refused(
      await call('POST', '/api/support/tickets', { name: 'x'.repeat(1 << 20) }),
      '400|INVALID_FIELD_VALUE|Invalid value (1048576 characters, at most 500) for field name',
    );
  });

  it('a list past its length', async () => {
    const persons = Array.from({ length: 5_001 }, () => ({ role: 'CLIENT', personRegistration: 'PER000001' }));
    refused(
      await call('POST', '/api/financing/contracts', { name: 'x', persons }),
      '400|INVALID_FIELD_VALUE|Invalid value (5001 items, at most 5000) for field persons',
    );
  });

  it('multipart without a boundary or cut short', async () => {
    const url = '/api/core/users/admin@alpha/photo';
    refused(
      await call('POST', url, 'abc', { 'content-type': 'multipart/form-data' }),
      '400|INVALID_FIELD_IN_BODY|Invalid field file in body',
    );
    const cut = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG';
    refused(
      await call('POST', url, cut, { 'content-type': 'multipart/form-data; boundary=B' }),
      '400|INVALID_FIELD_IN_BODY|Invalid field file in body',
    );
  });

  it('a camt import as multipart without a boundary, or with one its body does not use', async () => {
    const url = '/api/billing/camts/import';
    const file = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\n\r\n<Document/>\r\n--B--\r\n';
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=C',
    ])
      refused(
        await call('POST', url, file, { 'content-type': contentType }),
        '400|INVALID_FIELD_IN_BODY|Invalid field file in body',
      );
    // The same on a socket, as a client sends it: a 400, never a 500.
    const head = `POST ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${t.alpha.headers.authorization}\r\n`;
    refused(
      await raw(
        `${head}content-type: multipart/form-data\r\ncontent-length: ${file.length}\r\nconnection: close\r\n\r\n${file}`,
      ),
      '400|INVALID_FIELD_IN_BODY|Invalid field file in body',
    );
  });

  it('an Excel export wider than Excel', async () => {
    const columns = Array.from({ length: 16_385 }, (_, i) => ({ headerLabel: `c${i}` }));
    refused(
      await call('POST', '/api/report/excel', { columns, data: [] }),
      '400|INVALID_FIELD_VALUE|Invalid value (16385 columns, at most 16384) for field columns',
    );
  });
});

describe('stored documents follow their declaration', () => {
  it('refuses undeclared fields, values outside their list and the tenant as a field', async () => {
    refused(
      await call('POST', '/api/support/tickets', { name: 'x', tenant: 'master' }),
      '400|INVALID_FIELD_IN_BODY|Invalid field tenant in body',
    );
    refused(
      await call('POST', '/api/support/tickets', { name: 'x', type: 'NOSUCHTYPE' }),
      '400|INVALID_FIELD_VALUE|Invalid value "NOSUCHTYPE" for field type',
    );
    refused(
      await call('POST', '/api/financing/contracts', {
        name: 'x',
        persons: [{ role: 'CLIENT', personRegistration: 'P1', extra: 1 }],
      }),
      '400|INVALID_FIELD_IN_BODY|Invalid field persons[0].extra in body',
    );
    expect((await call('POST', '/api/support/tickets', { name: 'x', props_name: { hidden: true } })).statusCode).toBe(
      201,
    );
  });

  it("checks select values against the tenant's own list", async () => {
    const types = { name: 'ticketType', values: [{ value: 'OWN', label: { en: 'Own', fr: 'Propre' } }] };
    expect((await call('POST', '/api/script/lists', types)).statusCode).toBe(201);
    expect((await call('POST', '/api/support/tickets', { name: 'x', type: 'OWN' })).statusCode).toBe(201);
    expect(
      (await call('POST', '/api/support/tickets', { name: 'x', type: 'OWN' }, { ...t.beta.headers })).statusCode,
    ).toBe(400);
  });

  it("takes a person contact's tenant extension fields, and refuses others", async () => {
    await call('PUT', '/api/core/tenant-configuration/tenant-config', {
      options: { person: { extensionFields: { contacts: { department: { type: 'text' } } } } },
    });
    const person = (contact: Record<string, unknown>) => ({
      type: 'P',
      name: 'Dr Ruiz',
      registrations: [{ type: 'AUT' }],
      contacts: [{ position: 'Owner', ...contact }],
    });
    const kept = await call('POST', '/api/person/persons', person({ department: 'Sales' }));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().contacts[0].department).toBe('Sales');
    refused(
      await call('POST', '/api/person/persons', person({ floor: 3 })),
      '400|INVALID_FIELD_IN_BODY|Invalid field contacts[0].floor in body',
    );
  });

  it('refuses a filter value that is not a number or a date', async () => {
    refused(
      await call('GET', '/api/financing/contracts?_insertDate=abc'),
      '400|INVALID_FIELD_IN_QUERY|Invalid field _insertDate in query: abc is not a date',
    );
    refused(
      await call('GET', '/api/financing/contracts?duration=abc'),
      '400|INVALID_FIELD_IN_QUERY|Invalid field duration in query: abc is not a number',
    );
    refused(
      await call('GET', '/api/financing/contracts?count=abc'),
      '400|INVALID_FIELD_IN_QUERY|Invalid field count in query: only exact is known',
    );
    expect((await call('GET', '/api/financing/contracts?_insertDate=2024-01-01')).statusCode).toBe(200);
  });
});

describe('refusals before routing', () => {
  it('a path that is not valid percent-encoding', async () => {
    refused(await call('GET', '/api/support/tickets/%FF%FE'), '400|INVALID_FIELD_IN_PATH|Invalid field url in path');
  });

  it('a control character in a header, and a URL past the header limit', async () => {
    refused(
      await raw('GET /api/core/ping HTTP/1.1\r\nHost: x\r\nX-Note: a\x01b\r\n\r\n'),
      '400|INVALID_FIELD_IN_HEADERS|Invalid field x-note in headers',
    );
    refused(
      await raw(`GET /api/support/tickets?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      '431|HEADERS_TOO_LARGE|Request headers and URL are too large: at most 16384 bytes',
    );
  });
});
