/**
 * The tenant's `mail` configuration section (PUT /api/core/tenant-configuration/mail): its own
 * sender and reply-to address, the language of mails to recipients of unknown language, and its
 * overrides of the built-in templates, per template and language.
 */
import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import type { TenantSetting } from '../auth/tenant-settings.ts';
import {
  builtInTemplates,
  checkTemplate,
  templateLanguages,
  type MailTemplate,
  type TemplateLanguage,
} from './templates.ts';

export interface MailSettings {
  from?: string;
  replyTo?: string;
  /** `fr-FR`, `en-GB`…: the language of mails whose recipient's is unknown (English when not set). */
  defaultLocale?: string;
  templates?: Record<string, Partial<Record<TemplateLanguage, MailTemplate>>>;
}

export const MAIL_SETTING = 'mail';

const address = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
/** One address, or `Name <address>`. */
export const isMailbox = (value: string) => {
  const m = /^\s*(?:[^<>]*<([^<>]+)>|([^<>]+))\s*$/.exec(value);
  return !!m && address.test((m[1] ?? m[2]).trim());
};
/** The addresses of a comma-separated list, each checked; undefined when one is not an address. */
export function addressList(value: unknown): string[] | undefined {
  const items = (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((v) => String(v).trim())
    .filter(Boolean);
  return items.length && items.every((a) => address.test(a)) ? items : undefined;
}

const text = (value: unknown, field: string, max: number): string => {
  if (typeof value !== 'string' || !value.trim()) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [field]);
  if (value.length > max) throw new ApiError('INVALID_FIELD_VALUE', [`(${value.length} characters)`, field]);
  return value;
};

function validateTemplate(value: unknown, at: string): MailTemplate {
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', [at]);
  const unknown = Object.keys(value).find((k) => !['subject', 'text', 'html'].includes(k));
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [`${at}.${unknown}`]);
  const template: MailTemplate = {
    subject: text(value.subject, `${at}.subject`, 500),
    text: text(value.text, `${at}.text`, 50_000),
    ...(value.html !== undefined && value.html !== '' ? { html: text(value.html, `${at}.html`, 100_000) } : {}),
  };
  for (const part of ['subject', 'text', 'html'] as const) {
    try {
      checkTemplate({ [part]: template[part] });
    } catch (error) {
      throw new ApiError('INVALID_FIELD_VALUE', [
        String((error as Error).message)
          .split('\n')[0]
          .slice(0, 200),
        `${at}.${part}`,
      ]);
    }
  }
  return template;
}

export function validateMailSettings(value: unknown): MailSettings {
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', ['body']);
  const unknown = Object.keys(value).find((k) => !['from', 'replyTo', 'defaultLocale', 'templates'].includes(k));
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
  const out: MailSettings = {};
  for (const field of ['from', 'replyTo'] as const) {
    const v = value[field];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !isMailbox(v))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(v).slice(0, 80), field]);
    out[field] = v.trim();
  }
  if (value.defaultLocale !== undefined && value.defaultLocale !== null && value.defaultLocale !== '') {
    if (typeof value.defaultLocale !== 'string' || !/^[a-z]{2}(-[A-Z]{2})?$/.test(value.defaultLocale))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value.defaultLocale).slice(0, 80), 'defaultLocale']);
    out.defaultLocale = value.defaultLocale;
  }
  if (value.templates !== undefined && value.templates !== null) {
    if (!isObject(value.templates)) throw new ApiError('INVALID_OBJECT_FIELD', ['templates']);
    out.templates = {};
    for (const [name, byLanguage] of Object.entries(value.templates)) {
      if (!Object.hasOwn(builtInTemplates, name)) throw new ApiError('INVALID_FIELD_IN_BODY', [`templates.${name}`]);
      if (!isObject(byLanguage)) throw new ApiError('INVALID_OBJECT_FIELD', [`templates.${name}`]);
      const languages: Partial<Record<TemplateLanguage, MailTemplate>> = {};
      for (const [language, template] of Object.entries(byLanguage)) {
        if (!(templateLanguages as string[]).includes(language))
          throw new ApiError('INVALID_FIELD_IN_BODY', [`templates.${name}.${language}`]);
        languages[language as TemplateLanguage] = validateTemplate(template, `templates.${name}.${language}`);
      }
      out.templates[name] = languages;
    }
  }
  return out;
}

export const mailTenantSettings: Record<string, TenantSetting> = {
  [MAIL_SETTING]: { validate: validateMailSettings, default: {} },
};

export async function mailSettingsOf(tx: Tx, tenant: string): Promise<MailSettings> {
  return (await readConfiguration<MailSettings>(tx, tenant, MAIL_SETTING)) ?? {};
}

/** The template `name` in `language` as the tenant sees it: its override, else the built-in one. */
export function templateOf(settings: MailSettings, name: string, language: TemplateLanguage): MailTemplate | undefined {
  const builtIn = builtInTemplates[name];
  if (!builtIn) return undefined;
  return settings.templates?.[name]?.[language] ?? builtIn.defaults[language];
}
