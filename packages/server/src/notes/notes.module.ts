import type { ServerModule } from '../modules/server-module.ts';
import { writeDemoNotes } from './demo-notes.ts';
import { notifyMention } from './mention-notices.ts';
import { noteRoutes } from './notes.routes.ts';

/** Notes on every record: Markdown text, pins, mentions that notify, their earlier texts (docs/notes.md). */
export const notesModule: ServerModule = {
  name: 'notes',
  async register(app, { db, operations, preHandler }) {
    await app.register(noteRoutes, { db, operations, preHandler, notify: notifyMention });
  },
  demo: [
    {
      name: 'notes on contracts and persons',
      async run({ db, tenant, loadedKinds }) {
        if (!loadedKinds.includes('Person')) return;
        await writeDemoNotes(db, tenant, notifyMention);
      },
    },
  ],
};
