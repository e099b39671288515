import { readConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ModuleContext, ServerModule } from '../modules/server-module.ts';
import { becomePartnerRoutes } from './become-partner.routes.ts';
import { mailDemo } from './demo-mails.ts';
import { mailIssuedInvoice } from './issued-invoice.ts';
import { mailRoutes } from './mail.routes.ts';
import { mailTenantSettings } from './mail-settings.ts';
import type { OutboxContext } from './outbox.ts';
import { MAIL_BATCH, outboxRunner, outboxWaker, startOutboxSweep } from './outbox-job.ts';
import { onOutboxKick } from './outbox-kick.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { createTransport } from './transport.ts';

export { queueMail, type OutgoingMail } from './queue-mail.ts';

/** One outbox per application (tests build several in one process), made on first use from the environment. */
const outboxes = new WeakMap<Db, OutboxContext>();
function outboxOf({ db, store }: Pick<ModuleContext, 'db' | 'store'>): OutboxContext {
  let outbox = outboxes.get(db);
  if (!outbox) {
    const config = readConfig();
    outbox = {
      db,
      store,
      transport: createTransport(config.smtpUrl),
      defaultFrom: config.mailFrom ?? 'no-reply@localhost',
    };
    outboxes.set(db, outbox);
  }
  return outbox;
}

/**
 * Mail (docs/mail.md): the outbox of EMAIL communications, sent by a job through SMTP
 * (`SMTP_URL`) or into the local mailbox, rendered from per-tenant, per-language templates;
 * issued invoices mailed with their PDF, password reset links, partners' self-registration.
 * Other modules queue mails with `queueMail(tx, caller, mail)`.
 */
export const mailModule: ServerModule = {
  name: 'mail',
  async register(app, context) {
    const outbox = outboxOf(context);
    const stopWaking = onOutboxKick(outboxWaker(context.db, context.jobs));
    app.addHook('onClose', async () => {
      stopWaking();
      outbox.transport.close?.();
    });
    await app.register(mailRoutes, {
      db: context.db,
      preHandler: context.preHandler,
      transportKind: outbox.transport.kind,
      defaultFrom: outbox.defaultFrom,
    });
    await app.register(passwordResetRoutes, { db: context.db, sessions: context.sessions });
    await app.register(becomePartnerRoutes, { db: context.db, operations: context.operations });
  },
  jobRunners: (context) => ({ [MAIL_BATCH]: outboxRunner(outboxOf(context)) }),
  serve: ({ database, jobs }) => startOutboxSweep(database, jobs, Number(process.env.MAIL_SWEEP_SECONDS) || 15),
  sideEffects: { mailIssuedInvoice: { run: mailIssuedInvoice, after: ['storeInvoicePdf'] } },
  tenantSettings: mailTenantSettings,
  menus: [
    { section: 'Work', order: 56, path: '/mailbox', label: 'Mailbox', permission: 'read /api/core/mails' },
    {
      section: 'Administration',
      order: 126,
      path: '/mail-templates',
      label: 'Mail templates',
      permission: 'write /api/core/tenant-configuration',
    },
  ],
  demo: [mailDemo],
};
