import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { curveOf, lecturaCatalogue, usageRates, type LecturaModel } from './lectura-catalogue.ts';

/**
 * A local HTTP server answering as the Lectura specs API does (docs/vehicle-catalogue.md), over
 * the built catalogue of `lectura-catalogue.ts`: categories, manufacturers, models, search and the
 * v2 residual-value regressor. It asks for `Authorization: Bearer {apiKey}` (401 otherwise), counts
 * the requests it receives (`hits`), and can answer late (`delayMs`) to test time limits.
 */
export interface LecturaTestServer {
  url: string;
  /** Paths with query of the requests received, in order. */
  hits: string[];
  apiKey: string;
  close(): Promise<void>;
}

export const LECTURA_TEST_KEY = 'lectura-test-key';

const { categories, manufacturers, models } = lecturaCatalogue;

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** `?list=true` answers a plain array; otherwise Lectura's paged envelope. */
const listed = (url: URL, items: unknown[]) =>
  url.searchParams.get('list') === 'true' ? items : { data: items, meta: { total: items.length, page: 1 } };

const modelOut = (m: LecturaModel) => ({
  id: m.id,
  name: m.name,
  manufacturer: { id: m.manufacturer_id, name: m.manufacturer_name },
  category: { id: m.category_id, name: m.category_name },
  root_category_id: m.root_category_id,
  year_from: m.year_from,
  year_to: m.year_to,
  price_new: m.price_new,
  currency: m.currency,
  specs: { power_kw: m.power_kw },
  service_code: m.service_code,
  rv_code: m.rv_code,
});

const inCategory = (m: LecturaModel, id: number) => m.category_id === id || m.root_category_id === id;
const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function route(url: URL): [number, unknown] {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const id = (i: number) => Number(parts[i]);
  if (parts[0] === 'root-categories' && parts.length === 1)
    return [
      200,
      listed(
        url,
        categories.filter((c) => c.parent_id === null),
      ),
    ];
  if (parts[0] === 'categories' && parts.length >= 3) {
    const category = categories.find((c) => c.id === id(1));
    if (!category) return [404, { message: 'Category not found' }];
    if (parts[2] === 'sub-categories' && parts.length === 3)
      return [
        200,
        listed(
          url,
          categories.filter((c) => c.parent_id === category.id),
        ),
      ];
    if (parts[2] === 'manufacturers' && parts.length === 3) {
      const ids = new Set(models.filter((m) => inCategory(m, category.id)).map((m) => m.manufacturer_id));
      return [
        200,
        listed(
          url,
          manufacturers.filter((m) => ids.has(m.id)),
        ),
      ];
    }
    if (parts[2] === 'manufacturers' && parts[4] === 'models' && parts.length === 5)
      return [
        200,
        listed(url, models.filter((m) => inCategory(m, category.id) && m.manufacturer_id === id(3)).map(modelOut)),
      ];
  }
  if (parts[0] === 'models' && parts.length === 2) {
    const model = models.find((m) => m.id === id(1));
    return model ? [200, modelOut(model)] : [404, { message: 'Model not found' }];
  }
  if (parts[0] === 'manufacturers' && parts.length === 2) {
    const manufacturer = manufacturers.find((m) => m.id === id(1));
    return manufacturer ? [200, manufacturer] : [404, { message: 'Manufacturer not found' }];
  }
  if (parts[0] === 'search' && parts.length === 2) {
    const words = norm(parts[1]).split(/\s+/).filter(Boolean);
    const found = models.filter((m) => {
      const text = norm(`${m.manufacturer_name} ${m.name}`);
      return words.every((w) => text.includes(w));
    });
    return [200, listed(url, found.slice(0, 50).map(modelOut))];
  }
  if (parts[0] === 'v2' && parts[1] === 'regressor' && parts.length === 2) {
    const modelName = norm(url.searchParams.get('modelName') ?? '');
    const manufacturerName = norm(url.searchParams.get('manufacturerName') ?? '');
    const year = Number(url.searchParams.get('year') ?? new Date().getUTCFullYear());
    const usage = (url.searchParams.get('usage') ?? '').toUpperCase();
    if (!modelName || !manufacturerName) return [422, { message: 'modelName and manufacturerName are required' }];
    if (!Number.isInteger(year)) return [422, { message: 'year must be an integer' }];
    if (usage && !Object.hasOwn(usageRates, usage)) return [422, { message: 'usage must be LOW, NORMAL or HIGH' }];
    const model = models.find((m) => norm(m.name) === modelName && norm(m.manufacturer_name) === manufacturerName);
    if (!model) return [200, { curves: [] }];
    const curves = (usage ? [usage] : Object.keys(usageRates)).map((u) => ({
      model_id: model.id,
      model_name: model.name,
      manufacturer_name: model.manufacturer_name,
      price_new: model.price_new,
      currency: model.currency,
      ...curveOf(model.id, year, u),
    }));
    return [200, { curves }];
  }
  return [404, { message: 'Not found' }];
}

export async function startLecturaTestServer(
  options: { apiKey?: string; delayMs?: number } = {},
): Promise<LecturaTestServer> {
  const apiKey = options.apiKey ?? LECTURA_TEST_KEY;
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.push(`${url.pathname}${url.search}`);
    const answer = () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { message: 'Unauthenticated.' });
      const [status, body] = route(url);
      send(res, status, body);
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
