import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import { dataProvider, type Row } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import type { ListState } from './list-state.ts';

/** Formats the server writes (docs/api.md "List exports"). */
export type ExportFormat = 'xlsx' | 'csv';

/** Saves a downloaded file under its name. */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports the list as the screen shows it (filters, search, sort, visible columns with their
 * headers) through the server, which reads and writes every matching row; a large list goes on
 * in the background (followed live, its file also on /exports).
 */
export async function exportList(args: {
  entity: Entity;
  state: ListState;
  columns: ColumnDef[];
  labels: string[];
  title: string;
  locale: string;
  format?: ExportFormat;
  openExports: () => void;
  /** Called with the Export record when the export goes on in the background. */
  onBackground?: (record: Row) => void;
}) {
  const { entity, state, columns, labels, title, locale, format = 'xlsx', openExports, onBackground } = args;
  notify({ level: 'info', message: 'Downloading file' });
  const answer = await dataProvider.listExport(entity, {
    ...state.filters,
    search: state.search || undefined,
    sort: state.sort,
    format,
    columns: columns.map((c) => c.field).join(','),
    labels: JSON.stringify(labels),
    locale,
    fileName: title,
  });
  if ('background' in answer) {
    // The screen follows it live (report/ExportProgress.tsx); without one, a notice says where the file will be.
    if (onBackground) onBackground(answer.background);
    else
      notify(
        {
          level: 'info',
          message: 'The export continues in the background: its file will be on the Exports screen',
          duration: 10,
        },
        { label: 'Open exports', onClick: openExports },
      );
    return;
  }
  if (!answer.fileName) {
    notify({ level: 'warning', message: 'No file name found' });
    return;
  }
  saveFile(answer.file, answer.fileName);
  notify({ level: 'success', message: 'File downloaded' });
}
