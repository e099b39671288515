import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

/** Notes: the Notes card of every detail screen, and a note's own screen (`/note/{id}`). */
export const notesModule: WebModule = {
  name: 'notes',
  detailScreens: { note: lazy(() => import('./NoteScreen.tsx')) },
  slots: { notesCard: lazy(() => import('./NotesCard.tsx')) },
  translations: { 'fr-FR': async () => (await import('./fr-FR.ts')).notesFr },
};
