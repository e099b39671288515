/**
 * The mail service's own routes (docs/mail.md):
 *   GET  /api/mail/templates            every template: built-in texts in English and French, the
 *                                       tenant's overrides, the sample data of its preview
 *   POST /api/mail/templates/preview    renders a template (as stored, or as being edited) in a
 *                                       language, with the record it would be about or sample data
 *   POST /api/mail/bounces              records a bounce for a Message-ID: the communication BOUNCED
 *   GET  /api/mail/status               where mail goes (SMTP or the local mailbox), the sender
 * Templates are edited through the tenant configuration (`PUT /api/core/tenant-configuration/mail`).
 */
import { communication as communicationKind } from '@lbo/model/entities/communication/communication.entity';
import { invoice as invoiceKind } from '@lbo/model/entities/billing/invoice.entity';
import { ApiError } from '@lbo/model/errors';
import { nonEmptyText } from '@lbo/model/schema/refusals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import { updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import { typed } from '../http/schemas.ts';
import { invoiceMailVariables } from './issued-invoice.ts';
import { mailSettingsOf, templateOf } from './mail-settings.ts';
import { builtInTemplates, checkTemplate, renderTemplate, templateLanguage, templateLanguages } from './templates.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;
const tags = ['Mail'];
const READ = `read /api/${communicationKind.route}`;
const WRITE = `write /api/${communicationKind.route}`;

const previewBody = z.strictObject({
  template: nonEmptyText(100),
  locale: z.string().max(10).optional(),
  subject: z.string().max(500).optional(),
  text: z.string().max(50_000).optional(),
  html: z.string().max(100_000).optional(),
  registration: z
    .string()
    .max(100)
    .optional()
    .describe('the record the mail would be about (an invoice, a communication)'),
});
const bounceBody = z.strictObject({
  messageId: nonEmptyText(500),
  reason: z.string().max(2000).optional(),
});

export async function mailRoutes(
  app: FastifyInstance,
  {
    db,
    preHandler,
    transportKind,
    defaultFrom,
  }: { db: Db; preHandler: PreHandler; transportKind: string; defaultFrom: string },
) {
  const api = typed(app);

  api.get(
    '/api/mail/status',
    { preValidation: preHandler, config: { permission: READ }, schema: { tags, summary: 'Where mail goes' } },
    async () => ({ transport: transportKind, from: defaultFrom }),
  );

  api.get(
    '/api/mail/templates',
    {
      preValidation: preHandler,
      config: { permission: READ },
      schema: { tags, summary: 'The mail templates, built-in and overridden' },
    },
    async (request) => {
      const caller = request.caller!;
      const settings = await readInTenant(db, scopeOf(caller), (tx) => mailSettingsOf(tx, caller.tenant));
      return Object.entries(builtInTemplates).map(([name, t]) => ({
        name,
        about: t.about ?? null,
        sample: t.sample,
        defaults: t.defaults,
        overrides: settings.templates?.[name] ?? {},
        languages: templateLanguages,
      }));
    },
  );

  api.post(
    '/api/mail/templates/preview',
    {
      preValidation: preHandler,
      config: { permission: READ },
      schema: { tags, summary: 'Renders a mail template with a record or sample data', body: previewBody },
    },
    async (request) => {
      const caller = request.caller!;
      const { template: name, locale = 'en-GB', registration, ...edited } = request.body;
      const builtIn = builtInTemplates[name];
      if (!builtIn) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(name), 'template']);
      return readInTenant(db, scopeOf(caller), async (tx) => {
        const settings = await mailSettingsOf(tx, caller.tenant);
        const language = templateLanguage(locale);
        const stored = templateOf(settings, name, language)!;
        const template = {
          subject: edited.subject || stored.subject,
          text: edited.text || stored.text,
          ...(edited.html !== undefined
            ? edited.html
              ? { html: edited.html }
              : {}
            : stored.html
              ? { html: stored.html }
              : {}),
        };
        for (const part of ['subject', 'text', 'html'] as const) {
          try {
            checkTemplate({ [part]: template[part as keyof typeof template] });
          } catch (error) {
            throw new ApiError('INVALID_FIELD_VALUE', [
              String((error as Error).message)
                .split('\n')[0]
                .slice(0, 200),
              part,
            ]);
          }
        }
        let variables: Record<string, unknown> = builtIn.sample;
        if (registration && builtIn.about === 'Invoice') {
          const row = await storage.findOne(tx, invoiceKind, caller.tenant, registration);
          if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Invoice', registration]);
          variables = (await invoiceMailVariables(tx, caller.tenant, storage.toDocument(row), locale)).variables;
        } else if (registration && builtIn.about === 'Communication') {
          const row = await storage.findOne(tx, communicationKind, caller.tenant, registration);
          if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Communication', registration]);
          variables = { subject: row.data.subject ?? '', content: row.data.content ?? '' };
        } else if (registration) throw new ApiError('INVALID_FIELD_IN_BODY', ['registration']);
        return { template: name, locale, variables, ...renderTemplate(template, variables) };
      });
    },
  );

  api.post(
    '/api/mail/bounces',
    {
      preValidation: preHandler,
      config: { permission: WRITE },
      schema: { tags, summary: 'Records that the mail of a Message-ID bounced', body: bounceBody },
    },
    async (request) => {
      const caller = request.caller!;
      const { messageId, reason } = request.body;
      const wanted = messageId.trim().startsWith('<') ? messageId.trim() : `<${messageId.trim()}>`;
      return inTenant(db, scopeOf(caller), async (tx) => {
        const [row] = await storage.findWhere(
          tx,
          communicationKind,
          caller.tenant,
          sql<boolean>`data->>'messageId' = ${wanted}`,
          1,
        );
        if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Communication', wanted]);
        if (!['SENT', 'DELIVERED', 'BOUNCED'].includes(String(row.status)))
          throw new ApiError('INVALID_FIELD_VALUE', [`(a ${row.status} communication)`, 'messageId']);
        const locked = (await storage.findOne(tx, communicationKind, caller.tenant, row.registration, true))!;
        return updateIn(
          tx,
          caller,
          communicationKind,
          locked,
          {
            ...locked.data,
            status: 'BOUNCED',
            bounceDate: new Date().toISOString(),
            lastError: reason?.trim() || 'Bounced',
          } as never,
          { action: 'BOUNCE' },
        );
      });
    },
  );
}
