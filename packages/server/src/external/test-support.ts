import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP servers answering as the third-party providers do, for the API tests: the French
 * company search and the French address service, with the shapes of their public APIs.
 */
export interface StubServer {
  baseUrl: string;
  /** Paths with query of the requests received, in order. */
  requests: string[];
  close(): Promise<void>;
}

type Handler = (url: URL, res: http.ServerResponse) => void;

export async function startStub(handler: Handler): Promise<StubServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    handler(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const establishment = (
  siret: string,
  adresse: string,
  cp: string,
  city: string,
  commune: string,
  state = 'A',
  lat = '48.8708',
  lon = '2.3319',
) => ({
  siret,
  adresse,
  code_postal: cp,
  libelle_commune: city,
  commune,
  etat_administratif: state,
  latitude: lat,
  longitude: lon,
  numero_voie: adresse.split(' ')[0],
  type_voie: 'RUE',
  libelle_voie: adresse.split(' ').slice(2, -2).join(' '),
  complement_adresse: null,
  activite_principale: '46.42Z',
  date_creation: '1967-01-01',
});

/** Companies of the stub register (real SIRENs with a valid key; other data illustrative). */
export const companies = [
  {
    siren: '732829320',
    nom_complet: 'LACOSTE INDUSTRIES',
    nom_raison_sociale: 'LACOSTE INDUSTRIES',
    sigle: 'LI',
    siege: establishment('73282932000074', '23 RUE DE PROVENCE 75009 PARIS', '75009', 'PARIS', '75109'),
    activite_principale: '46.42Z',
    nature_juridique: '5710',
    date_creation: '1967-01-01',
    etat_administratif: 'A',
    dirigeants: [{ nom: 'DUPONT', prenoms: 'Marie', qualite: 'Président' }],
  },
  {
    siren: '303265045',
    nom_complet: 'LACOSTE TRANSPORTS',
    nom_raison_sociale: 'LACOSTE TRANSPORTS',
    sigle: null,
    siege: establishment(
      '30326504500013',
      '4 RUE DU PORT 80000 AMIENS',
      '80000',
      'AMIENS',
      '80021',
      'F',
      '49.89',
      '2.30',
    ),
    activite_principale: '49.41A',
    nature_juridique: '5499',
    date_creation: '1975-06-01',
    etat_administratif: 'C',
    dirigeants: [],
  },
];

/** `GET /search?q=&page=&per_page=&etat_administratif=` of recherche-entreprises.api.gouv.fr. */
export function companySearch(url: URL, res: http.ServerResponse) {
  if (url.pathname !== '/search') return json(res, 404, { erreur: 'not found' });
  const q = (url.searchParams.get('q') ?? '').toLowerCase().replace(/\s+/g, '');
  if (q.length < 3) return json(res, 400, { erreur: 'Veuillez indiquer au moins 3 caractères.' });
  const onlyActive = url.searchParams.get('etat_administratif') === 'A';
  const results = companies
    .filter((c) => c.siren === q || c.siege.siret === q || c.nom_complet.toLowerCase().replace(/\s+/g, '').includes(q))
    .filter((c) => !onlyActive || c.etat_administratif === 'A')
    .map((c) => ({ ...c, matching_etablissements: c.siege.siret === q ? [c.siege] : [] }));
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  json(res, 200, {
    results: results.slice(0, perPage),
    total_results: results.length,
    page: 1,
    per_page: perPage,
    total_pages: 1,
  });
}

const feature = (
  label: string,
  name: string,
  postcode: string,
  city: string,
  citycode: string,
  lon: number,
  lat: number,
  housenumber?: string,
  street?: string,
) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: {
    label,
    score: 0.9,
    housenumber,
    id: `${citycode}_${name.length}`,
    name,
    postcode,
    citycode,
    x: 0,
    y: 0,
    city,
    context: '80, Somme, Hauts-de-France',
    type: housenumber ? 'housenumber' : 'street',
    importance: 0.6,
    street,
  },
});

export const addressFeatures = [
  feature(
    '8 Boulevard du Port 80000 Amiens',
    '8 Boulevard du Port',
    '80000',
    'Amiens',
    '80021',
    2.290084,
    49.897443,
    '8',
    'Boulevard du Port',
  ),
  feature(
    '8 Boulevard du Port 95000 Cergy',
    '8 Boulevard du Port',
    '95000',
    'Cergy',
    '95127',
    2.06299,
    49.03464,
    '8',
    'Boulevard du Port',
  ),
  feature('Rue de la Paix 75002 Paris', 'Rue de la Paix', '75002', 'Paris', '75102', 2.331, 48.8695),
];

/** `GET /search/?q=&limit=` and `GET /reverse/?lon=&lat=` of api-adresse.data.gouv.fr. */
export function addressSearch(url: URL, res: http.ServerResponse) {
  const limit = Number(url.searchParams.get('limit') ?? 5);
  if (url.pathname === '/search/') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    if (q.length < 3) return json(res, 400, { code: 400, message: 'q must contain between 3 and 200 chars' });
    const words = q.split(/\s+/).filter(Boolean);
    const features = addressFeatures
      .filter((f) => words.every((w) => f.properties.label.toLowerCase().includes(w)))
      .slice(0, limit);
    return json(res, 200, {
      type: 'FeatureCollection',
      version: 'draft',
      features,
      attribution: 'BAN',
      licence: 'ETALAB-2.0',
      query: q,
      limit,
    });
  }
  if (url.pathname === '/reverse/') {
    const lon = Number(url.searchParams.get('lon'));
    const lat = Number(url.searchParams.get('lat'));
    if (!Number.isFinite(lon) || !Number.isFinite(lat))
      return json(res, 400, { code: 400, message: 'lon/lat must be float' });
    const distance = (f: (typeof addressFeatures)[number]) =>
      Math.hypot(f.geometry.coordinates[0] - lon, f.geometry.coordinates[1] - lat);
    const near = [...addressFeatures]
      .sort((a, b) => distance(a) - distance(b))
      .filter((f) => distance(f) < 0.01)
      .slice(0, limit);
    return json(res, 200, {
      type: 'FeatureCollection',
      version: 'draft',
      features: near,
      attribution: 'BAN',
      licence: 'ETALAB-2.0',
      limit,
    });
  }
  json(res, 404, { code: 404, message: 'Not found' });
}
