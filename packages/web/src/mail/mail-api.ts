import { api } from '../app/api/client.ts';

/** A mail of the local mailbox (`/api/core/mails`). */
export interface MailboxMail {
  registration: string;
  status: string;
  deliveredDate?: string;
  from?: string;
  to?: string;
  replyTo?: string;
  subject?: string;
  text?: string;
  html?: string;
  messageId?: string;
  communicationRegistration?: string;
  attachments?: { documentRegistration: string; name?: string; contentType?: string; size?: string }[];
}

export interface MailTemplateParts {
  subject: string;
  text: string;
  html?: string;
}
export type TemplateLanguage = 'en' | 'fr';

/** A template as `GET /api/mail/templates` answers it. */
export interface MailTemplateInfo {
  name: string;
  about: 'Invoice' | 'Communication' | null;
  sample: Record<string, unknown>;
  defaults: Record<TemplateLanguage, MailTemplateParts>;
  overrides: Partial<Record<TemplateLanguage, MailTemplateParts>>;
  languages: TemplateLanguage[];
}

/** The tenant's `mail` configuration section. */
export interface MailSettings {
  from?: string;
  replyTo?: string;
  defaultLocale?: string;
  templates?: Record<string, Partial<Record<TemplateLanguage, MailTemplateParts>>>;
}

export interface RenderedPreview {
  subject: string;
  text: string;
  html: string;
  variables: Record<string, unknown>;
}

export const mailApi = {
  /** The delivered mails, newest first (a Mail without a delivery date was not written by the outbox). */
  mailbox: async (signal?: AbortSignal) =>
    (
      await api.get<MailboxMail[]>('/api/core/mails', {
        query: { status: 'DELIVERED', range: '[0-199]', sort: '-deliveredDate' },
        signal,
      })
    ).filter((mail) => mail.deliveredDate),
  status: () => api.get<{ transport: 'smtp' | 'mailbox'; from: string }>('/api/mail/status'),
  templates: (signal?: AbortSignal) => api.get<MailTemplateInfo[]>('/api/mail/templates', { signal }),
  settings: () => api.get<MailSettings>('/api/core/tenant-configuration/mail'),
  saveSettings: (settings: MailSettings) => api.put<MailSettings>('/api/core/tenant-configuration/mail', settings),
  preview: (body: { template: string; locale: string; registration?: string } & Partial<MailTemplateParts>) =>
    api.post<RenderedPreview>('/api/mail/templates/preview', body, { silent: true }),
};
