import type { ExternalService } from './http-json.ts';
import { rechercheEntreprises } from './recherche-entreprises.ts';

/**
 * Company registries behind `POST /api/external/pivot/person-registration/{type}` (spec 002 §7).
 * An adapter turns the provider's answer into candidates the registration field can show and,
 * with details, the person fields to fill the form with.
 */
export interface RegistryCandidate {
  /** What the client sends back as `selectedId` for the details. */
  id: string;
  type: string;
  number: string;
  /** The person registration this candidate would have (`SIR732829320`). */
  registration: string;
  name: string;
  /** One line for a select option: number, name, place. */
  label: string;
  administrativeStatus: 'ACTIVE' | 'CLOSED';
  /** Person fields (with `withDetails`). */
  person?: Record<string, unknown>;
}

export interface RegistryQuery {
  type: string;
  value: string;
  personType: string;
  onlyActive: boolean;
  withDetails: boolean;
}

export interface RegistryProvider {
  /** Candidates matching a number or a name. */
  lookup(service: ExternalService, query: RegistryQuery): Promise<RegistryCandidate[]>;
  /** The candidate of an id returned by a lookup, with its person fields; undefined when unknown. */
  details(
    service: ExternalService,
    query: { type: string; selectedId: string; personType: string },
  ): Promise<RegistryCandidate | undefined>;
}

/** Adapters by provider name, with the public address of each. */
export const registryProviders: Record<string, { adapter: RegistryProvider; defaultBaseUrl: string }> = {
  RechercheEntreprises: { adapter: rechercheEntreprises, defaultBaseUrl: 'https://recherche-entreprises.api.gouv.fr' },
};
