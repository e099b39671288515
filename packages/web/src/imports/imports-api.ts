import { importEntity } from '@lbo/model/entities/script/import.entity';
import { api, request, uploadWithProgress } from '../app/api/client.ts';
import { fileNameOf } from '../app/api/client.ts';
import type { Row } from '../app/api/data-provider.ts';

/** The routes of imports (docs/imports.md, docs/api.md "Imports"). */
export const importsPath = `/api/${importEntity.route}`;

export interface ImportField {
  path: string;
  label: string;
  type: string;
  mandatory: boolean;
}

export interface ImportTemplate {
  name: string;
  mapping: Record<string, string>;
  keyField?: string;
}

/** What the mapping step shows (`GET …/{id}/mapping`, and the upload's answer). */
export interface MappingView {
  registration: string;
  kind: string;
  columns: string[];
  mapping: Record<string, string>;
  suggested: Record<string, string>;
  keyField: string | null;
  templateName: string | null;
  fields: ImportField[];
  keyFields: string[];
  templates: ImportTemplate[];
}

export interface RowError {
  column: string;
  field: string;
  code: string;
  message: string;
}

export interface DryRunResult {
  registration: string;
  totalRows: number;
  validRows: number;
  failedRows: number;
  failures: { row: number; errors: RowError[] }[];
  truncated: boolean;
}

export interface UploadSettings {
  kind: string;
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  template?: string;
}

export function uploadImport(file: File, settings: UploadSettings, onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const [name, value] of Object.entries(settings)) if (value) form.append(name, value);
  form.append('file', file);
  return uploadWithProgress<MappingView & { import: Row }>(importsPath, form, onProgress);
}

export const importApi = {
  mapping: (id: string) => api.get<MappingView>(`${importsPath}/${id}/mapping`),
  templates: (kind: string) => api.get<ImportTemplate[]>(`${importsPath}/templates`, { query: { kind } }),
  saveMapping: (
    id: string,
    body: { mapping: Record<string, string>; keyField: string | null; templateName?: string | null },
  ) => api.put<MappingView>(`${importsPath}/${id}/mapping`, body),
  dryRun: (id: string) => api.post<DryRunResult>(`${importsPath}/${id}/dry-run`),
  run: (id: string) => api.post<{ import: Row; batch: Row }>(`${importsPath}/${id}/run`),
  progress: (id: string) => api.get<{ import: Row; batch: Row | null }>(`${importsPath}/${id}/progress`),
  async errorReport(id: string): Promise<{ file: Blob; fileName: string }> {
    const answer = await request<Blob>('GET', `${importsPath}/${id}/errors.csv`, { blob: true });
    return { file: answer.data, fileName: fileNameOf(answer.headers) ?? `${id}-errors.csv` };
  },
};
