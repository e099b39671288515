import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api/client.ts';

/** `POST /api/core/tenants`: the tenant made, and its administrator's first password (answered once). */
export interface NewTenantAnswer {
  name: string;
  type?: string;
  status: string;
  adminUsername: string;
  adminPassword: string;
}

export interface NewTenantInput {
  name: string;
  type?: string;
  adminUsername?: string;
  adminEmail?: string;
}

/** A section of the tenant's configuration (`GET /api/core/tenant-configuration`). */
export interface ConfigurationSection {
  name: string;
  label: string;
  masterOnly?: boolean;
}

/** `GET /api/core/tenants/check-config` (spec 000 §7). */
export interface ConfigCheck {
  errors: string[];
  insertedLists: number;
  insertedScripts: number;
  insertedReports: number;
  userLists: number;
  userScripts: number;
  lastConfigCheckDate: string;
}

const sectionsPath = '/api/core/tenant-configuration';
export const tenantKeys = {
  sections: ['tenant-configuration'] as const,
  section: (name: string) => ['tenant-configuration', name] as const,
};

/** Failures are shown by the screens next to what failed (the field named), not as a notice. */
export const createTenant = (input: NewTenantInput) =>
  api.post<NewTenantAnswer>('/api/core/tenants', input, { silent: true });

export const saveSection = (name: string, value: unknown) =>
  api.put<unknown>(`${sectionsPath}/${encodeURIComponent(name)}`, value, { silent: true });

export const checkConfiguration = () => api.get<ConfigCheck>('/api/core/tenants/check-config');

export function useSections() {
  return useQuery({
    queryKey: tenantKeys.sections,
    queryFn: ({ signal }) => api.get<ConfigurationSection[]>(sectionsPath, { signal }),
  });
}

export function useSection(name: string) {
  return useQuery({
    queryKey: tenantKeys.section(name),
    queryFn: ({ signal }) => api.get<unknown>(`${sectionsPath}/${encodeURIComponent(name)}`, { signal }),
  });
}

/** After a save: the section as the server answered it. */
export function useSectionSaved(name: string) {
  const queryClient = useQueryClient();
  return (value: unknown) => queryClient.setQueryData(tenantKeys.section(name), value);
}
