import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { apiPaths, queryKeys } from '../app/api/data-provider.ts';

/** The notes' calls (docs/notes.md): a record's notes, a note's changes and earlier texts, users to mention. */
export const noteKind = entityByName('Note')!;

/** A note as the server answers it. */
export interface Note {
  _id: string;
  registration: string;
  entityName: string;
  entityRegistration: string;
  text: string;
  name?: string;
  pinned?: boolean;
  mentions?: { username: string }[];
  editedDate?: string | null;
  editedBy?: string | null;
  _insertDate: string;
  _insertUser: string;
  _version: number;
}

/** One text a note has had. */
export interface NoteVersion {
  date: string;
  user: string;
  action: string;
  text: string;
}

/** A user offered by the mention picker. */
export interface UserOption {
  registration: string;
  name?: string;
}

const notesKey = (entityName: string, registration: string) =>
  [...queryKeys.kind(noteKind), 'of', entityName, registration] as const;

/** The notes of a record: pinned first, newest next (the server's order). */
export function useRecordNotes(entityName: string, registration: string) {
  return useQuery({
    retry: false,
    queryKey: notesKey(entityName, registration),
    queryFn: ({ signal }) =>
      api.get<Note[]>(apiPaths.kind(noteKind), {
        signal,
        // A user who may not read notes gets no card rather than an error (NotesCard).
        silent: true,
        query: { entityName, entityRegistration: registration, limit: '250' },
      }),
  });
}

/** A note's earlier texts, newest first. */
export function useNoteVersions(registration: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.kind(noteKind), 'versions', registration],
    enabled: Boolean(registration),
    queryFn: ({ signal }) => api.get<NoteVersion[]>(`${apiPaths.record(noteKind, registration!)}/versions`, { signal }),
  });
}

/** Writing, changing and deleting notes; each refreshes what was read about notes. */
export function useNoteChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.kind(noteKind) });
  return {
    create: useMutation({
      mutationFn: (body: { entityName: string; entityRegistration: string; text: string; pinned?: boolean }) =>
        api.post<Note>(apiPaths.kind(noteKind), body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ note, change }: { note: Note; change: { text?: string; pinned?: boolean } }) =>
        api.patch<Note>(apiPaths.record(noteKind, note.registration), { ...change, _version: note._version }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (note: Note) => api.delete<Note>(apiPaths.record(noteKind, note.registration)),
      onSuccess: refresh,
    }),
  };
}

/** Users whose username or name holds `term`, for the mention picker (at most 10). */
export function searchUsers(term: string, signal?: AbortSignal): Promise<UserOption[]> {
  return api.get<UserOption[]>('/api/core/users', {
    signal,
    silent: true,
    query: { ...(term ? { search: term } : {}), projection: 'registration,name', range: '[0-9]' },
  });
}
