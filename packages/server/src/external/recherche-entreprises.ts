import { formatAddress } from '@lbo/model/values/addresses';
import type { RegistryCandidate, RegistryProvider, RegistryQuery } from './company-registry.ts';
import { getJson, type ExternalService } from './http-json.ts';

/**
 * The French public company search (recherche-entreprises.api.gouv.fr, data of the SIRENE
 * register): `GET /search?q=…&page=&per_page=&etat_administratif=A` answers
 * `{results: [{siren, nom_complet, siege: {siret, adresse, code_postal, libelle_commune, …},
 * matching_etablissements: [...], …}], total_results}`. A SIREN lookup (type SIR) answers one
 * candidate per company, a SIRET lookup (SRT) one per matching establishment.
 */
interface Establishment {
  siret: string;
  adresse?: string;
  code_postal?: string;
  libelle_commune?: string;
  commune?: string;
  numero_voie?: string | null;
  type_voie?: string | null;
  libelle_voie?: string | null;
  complement_adresse?: string | null;
  latitude?: string | number | null;
  longitude?: string | number | null;
  etat_administratif?: string;
  activite_principale?: string;
  date_creation?: string | null;
}

interface Company {
  siren: string;
  nom_complet?: string;
  nom_raison_sociale?: string | null;
  sigle?: string | null;
  siege?: Establishment;
  matching_etablissements?: Establishment[];
  activite_principale?: string;
  nature_juridique?: string;
  date_creation?: string | null;
  etat_administratif?: string;
  tranche_effectif_salarie?: string | null;
  dirigeants?: { nom?: string; prenoms?: string; denomination?: string; qualite?: string }[];
}

interface SearchAnswer {
  results?: Company[];
}

const PER_PAGE = 10;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : Number(v));

function addressOf(e: Establishment | undefined) {
  if (!e) return undefined;
  const street = [e.numero_voie, e.type_voie, e.libelle_voie].map(str).filter(Boolean).join(' ');
  const lon = num(e.longitude);
  const lat = num(e.latitude);
  const address = {
    type: 'HEAD_OFFICE',
    address1: street || str(e.adresse),
    address2: str(e.complement_adresse),
    zipcode: str(e.code_postal),
    city: str(e.libelle_commune),
    cityCode: str(e.commune),
    country: 'FR',
    streetNumber: str(e.numero_voie),
    streetType: str(e.type_voie),
    streetName: str(e.libelle_voie),
    location: Number.isFinite(lon) && Number.isFinite(lat) ? { type: 'Point', coordinates: [lon, lat] } : null,
  };
  return { ...address, addressLine: str(e.adresse) ?? formatAddress(address) };
}

function personOf(company: Company, establishment: Establishment | undefined, personType: string, mainType: string) {
  const siret = establishment?.siret ?? company.siege?.siret;
  const leader = company.dirigeants?.[0];
  const address = addressOf(establishment ?? company.siege);
  const main = mainType === 'SRT' && siret ? { type: 'SRT', number: siret } : { type: 'SIR', number: company.siren };
  const others = [{ type: 'SIR', number: company.siren }, ...(siret ? [{ type: 'SRT', number: siret }] : [])].filter(
    (r) => r.type !== main.type,
  );
  return {
    type: personType,
    name: str(company.nom_raison_sociale) ?? str(company.nom_complet),
    commercialName: str(company.sigle),
    registration: `${main.type}${main.number}`,
    registrations: [main, ...others].map((r) => ({
      ...r,
      deliveredBy: 'INSEE',
      verified: true,
      verificationType: 'REGISTRY',
    })),
    siret,
    naceCode: str(company.activite_principale),
    creationDate: str(company.date_creation),
    administrativeStatus: company.etat_administratif === 'A' ? 'ACTIVE' : 'CLOSED',
    legalRepresentative: leader
      ? (str(leader.denomination) ?? [leader.prenoms, leader.nom].map(str).filter(Boolean).join(' '))
      : null,
    registrationCountry: 'FR',
    addresses: address ? [address] : [],
  };
}

function candidate(
  company: Company,
  establishment: Establishment | undefined,
  type: string,
  personType: string,
  withDetails: boolean,
): RegistryCandidate {
  const number = type === 'SRT' ? (establishment?.siret ?? company.siege?.siret ?? '') : company.siren;
  const name = str(company.nom_complet) ?? str(company.nom_raison_sociale) ?? number;
  const place = establishment ?? company.siege;
  const status =
    (type === 'SRT' ? place?.etat_administratif : company.etat_administratif) ?? company.etat_administratif;
  return {
    id: number,
    type,
    number,
    registration: `${type}${number}`,
    name,
    label: [number, name, [place?.code_postal, place?.libelle_commune].map(str).filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(' - '),
    administrativeStatus: status === 'A' ? 'ACTIVE' : 'CLOSED',
    ...(withDetails ? { person: personOf(company, establishment, personType, type) } : {}),
  };
}

/** Establishments of a company that answer a SIRET query: the matching ones, else the head office. */
const establishmentsOf = (company: Company) =>
  company.matching_etablissements?.length ? company.matching_etablissements : company.siege ? [company.siege] : [];

async function search(service: ExternalService, q: string, onlyActive: boolean): Promise<Company[]> {
  const answer = await getJson<SearchAnswer>(service, '/search', {
    q,
    page: 1,
    per_page: PER_PAGE,
    ...(onlyActive ? { etat_administratif: 'A' } : {}),
  });
  return Array.isArray(answer?.results) ? answer.results.filter((c) => typeof c?.siren === 'string') : [];
}

export const rechercheEntreprises: RegistryProvider = {
  async lookup(service, query: RegistryQuery) {
    const companies = await search(service, query.value, query.onlyActive);
    if (query.type !== 'SRT')
      return companies.map((c) => candidate(c, c.siege, 'SIR', query.personType, query.withDetails));
    return companies.flatMap((c) =>
      establishmentsOf(c)
        .filter((e) => !query.onlyActive || e.etat_administratif === undefined || e.etat_administratif === 'A')
        .map((e) => candidate(c, e, 'SRT', query.personType, query.withDetails)),
    );
  },
  async details(service, { type, selectedId, personType }) {
    const companies = await search(service, selectedId, false);
    for (const company of companies) {
      if (type !== 'SRT' && company.siren === selectedId)
        return candidate(company, company.siege, 'SIR', personType, true);
      const establishment = [...establishmentsOf(company), ...(company.siege ? [company.siege] : [])].find(
        (e) => e.siret === selectedId,
      );
      if (type === 'SRT' && establishment) return candidate(company, establishment, 'SRT', personType, true);
    }
    return undefined;
  },
};
