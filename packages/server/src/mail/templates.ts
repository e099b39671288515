/**
 * The mails the product sends, as handlebars templates per language (docs/mail.md): built-in
 * defaults written in English and French, in every other language of the documents' dictionary
 * (@lbo/model/i18n/documents) translated from the English, which a tenant may override per
 * language in its `mail` configuration (mail-settings.ts). The text part is rendered without HTML escaping; the
 * HTML part escapes every variable (`{{…}}`), so a value typed by a client cannot inject markup.
 */
import Handlebars from 'handlebars';
import { documentLanguage, documentLanguages, documentText } from '@lbo/model/i18n/documents/document-texts';
import { isRightToLeft } from '@lbo/model/i18n/locales';

export interface MailTemplate {
  subject: string;
  text: string;
  /** Absent: the HTML part is the text, escaped, in paragraphs. */
  html?: string;
}

/** A language of the documents' dictionary: `en`, `fr`, `de`, `lt`… */
export type TemplateLanguage = string;
export const templateLanguages: readonly TemplateLanguage[] = documentLanguages;

/** The HTML part of a translated text template: its paragraphs, a `{{link}}` made a link (handlebars escapes each value). */
const htmlOfText = (text: string) =>
  text
    .split(/\n{2,}/)
    .map(
      (block) => `<p>${block.replace(/\n/g, '<br>').replace(/\{\{link\}\}/g, '<a href="{{link}}">{{link}}</a>')}</p>`,
    )
    .join('');

/** The defaults in every language: the hand-written English and French, the others translated from the English. */
function inEveryLanguage(written: { en: MailTemplate; fr: MailTemplate }): Record<TemplateLanguage, MailTemplate> {
  const translated = (language: string): MailTemplate => {
    const text = documentText(language, written.en.text);
    return {
      subject: documentText(language, written.en.subject),
      text,
      // An Arabic mail reads right to left in a mail client, its links and numbers still left to right inside.
      ...(written.en.html
        ? { html: isRightToLeft(language) ? `<div dir="rtl">${htmlOfText(text)}</div>` : htmlOfText(text) }
        : {}),
    };
  };
  return Object.fromEntries(
    documentLanguages.map((language) => [language, written[language as 'en' | 'fr'] ?? translated(language)]),
  );
}

const invoiceIssued = inEveryLanguage({
  en: {
    subject: 'Invoice {{invoiceNumber}}',
    text: 'Hello {{payerName}},\n\nPlease find attached invoice {{invoiceNumber}} of {{amount}}, due on {{dueDate}}.\n\nKind regards,\n{{sender}}',
    html: '<p>Hello {{payerName}},</p><p>Please find attached invoice <b>{{invoiceNumber}}</b> of <b>{{amount}}</b>, due on {{dueDate}}.</p><p>Kind regards,<br>{{sender}}</p>',
  },
  fr: {
    subject: 'Facture {{invoiceNumber}}',
    text: 'Bonjour {{payerName}},\n\nVeuillez trouver ci-joint la facture {{invoiceNumber}} d’un montant de {{amount}}, à régler au plus tard le {{dueDate}}.\n\nCordialement,\n{{sender}}',
    html: '<p>Bonjour {{payerName}},</p><p>Veuillez trouver ci-joint la facture <b>{{invoiceNumber}}</b> d’un montant de <b>{{amount}}</b>, à régler au plus tard le {{dueDate}}.</p><p>Cordialement,<br>{{sender}}</p>',
  },
});

const passwordReset = inEveryLanguage({
  en: {
    subject: 'Reset your password',
    text: 'Hello {{name}},\n\nSomeone asked to reset the password of your account {{username}}. To choose a new one, open this link within {{minutes}} minutes:\n{{link}}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.',
    html: '<p>Hello {{name}},</p><p>Someone asked to reset the password of your account <b>{{username}}</b>. To choose a new one, open this link within {{minutes}} minutes:</p><p><a href="{{link}}">{{link}}</a></p><p>If you did not ask for it, ignore this mail: your password stays as it is.</p>',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    text: 'Bonjour {{name}},\n\nUne réinitialisation du mot de passe de votre compte {{username}} a été demandée. Pour en choisir un nouveau, ouvrez ce lien dans les {{minutes}} minutes :\n{{link}}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.',
    html: '<p>Bonjour {{name}},</p><p>Une réinitialisation du mot de passe de votre compte <b>{{username}}</b> a été demandée. Pour en choisir un nouveau, ouvrez ce lien dans les {{minutes}} minutes :</p><p><a href="{{link}}">{{link}}</a></p><p>Si vous n’êtes pas à l’origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.</p>',
  },
});

const partnerOnboarding = inEveryLanguage({
  en: {
    subject: 'Become our partner: complete your registration',
    text: 'Hello {{name}},\n\nWe would be glad to work with you as a partner. Please complete your registration here:\n{{link}}\n\nThis link is personal.',
  },
  fr: {
    subject: 'Devenez notre partenaire : complétez votre inscription',
    text: 'Bonjour {{name}},\n\nNous serions heureux de travailler avec vous en tant que partenaire. Merci de compléter votre inscription ici :\n{{link}}\n\nCe lien vous est personnel.',
  },
});

const dunningLetter = inEveryLanguage({
  en: { subject: '{{subject}}', text: '{{content}}' },
  fr: { subject: '{{subject}}', text: '{{content}}' },
});

const taskReminder = inEveryLanguage({
  en: {
    subject: 'Reminder: {{title}}',
    text: 'Hello {{name}},\n\nThe task "{{title}}" is due {{dueDate}}.\n{{#if link}}\nOpen it: {{link}}\n{{/if}}',
    html: '<p>Hello {{name}},</p><p>The task <b>{{title}}</b> is due {{dueDate}}.</p>{{#if link}}<p><a href="{{link}}">Open it</a></p>{{/if}}',
  },
  fr: {
    subject: 'Rappel : {{title}}',
    text: 'Bonjour {{name}},\n\nLa tâche « {{title}} » est à faire pour le {{dueDate}}.\n{{#if link}}\nL’ouvrir : {{link}}\n{{/if}}',
    html: '<p>Bonjour {{name}},</p><p>La tâche <b>{{title}}</b> est à faire pour le {{dueDate}}.</p>{{#if link}}<p><a href="{{link}}">L’ouvrir</a></p>{{/if}}',
  },
});

const mention = inEveryLanguage({
  en: {
    subject: '{{author}} mentioned you',
    text: '{{author}} mentioned you{{#if about}} on {{about}}{{/if}}:\n\n{{excerpt}}\n{{#if link}}\nOpen it: {{link}}\n{{/if}}',
    html: '<p><b>{{author}}</b> mentioned you{{#if about}} on {{about}}{{/if}}:</p><blockquote>{{excerpt}}</blockquote>{{#if link}}<p><a href="{{link}}">Open it</a></p>{{/if}}',
  },
  fr: {
    subject: '{{author}} vous a mentionné',
    text: '{{author}} vous a mentionné{{#if about}} sur {{about}}{{/if}} :\n\n{{excerpt}}\n{{#if link}}\nL’ouvrir : {{link}}\n{{/if}}',
    html: '<p><b>{{author}}</b> vous a mentionné{{#if about}} sur {{about}}{{/if}} :</p><blockquote>{{excerpt}}</blockquote>{{#if link}}<p><a href="{{link}}">L’ouvrir</a></p>{{/if}}',
  },
});

const notification = inEveryLanguage({
  en: {
    subject: '{{title}}',
    text: '{{body}}\n{{#if link}}\nOpen it: {{link}}\n{{/if}}',
    html: '<p><b>{{title}}</b></p><p>{{body}}</p>{{#if link}}<p><a href="{{link}}">Open it</a></p>{{/if}}',
  },
  fr: {
    subject: '{{title}}',
    text: '{{body}}\n{{#if link}}\nL’ouvrir : {{link}}\n{{/if}}',
    html: '<p><b>{{title}}</b></p><p>{{body}}</p>{{#if link}}<p><a href="{{link}}">L’ouvrir</a></p>{{/if}}',
  },
});

/** Every template the product knows, with its defaults and the sample data a preview uses when no record is named. */
export const builtInTemplates: Record<
  string,
  {
    defaults: Record<TemplateLanguage, MailTemplate>;
    sample: Record<string, unknown>;
    about?: 'Invoice' | 'Communication';
  }
> = {
  'invoice-issued': {
    defaults: invoiceIssued,
    about: 'Invoice',
    sample: {
      payerName: 'Jane Doe',
      invoiceNumber: 'F2026-000123',
      amount: '1 200,00 EUR',
      dueDate: '2026-12-31',
      sender: 'Leasing Co',
    },
  },
  'dunning-letter': {
    defaults: dunningLetter,
    about: 'Communication',
    sample: { subject: 'Payment reminder', content: 'Your invoice F2026-000123 is overdue.' },
  },
  'partner-onboarding': {
    defaults: partnerOnboarding,
    sample: { name: 'Acme Partners', link: 'https://example.com/become-partner?token=sample' },
  },
  'password-reset': {
    defaults: passwordReset,
    sample: {
      name: 'Jane Doe',
      username: 'jane',
      minutes: 60,
      link: 'https://example.com/reset-password?token=sample',
    },
  },
  'task-reminder': {
    defaults: taskReminder,
    sample: { name: 'Jane Doe', title: 'Call the client', dueDate: '2026-12-01', link: 'https://example.com/tasks/1' },
  },
  mention: {
    defaults: mention,
    sample: {
      author: 'John Smith',
      about: 'contract CON000001',
      excerpt: '@jane can you check this?',
      link: 'https://example.com',
    },
  },
  notification: {
    defaults: notification,
    sample: { title: 'Something happened', body: 'A record changed.', link: 'https://example.com' },
  },
};

/** `fr-FR` → `fr`, `lt-LT` → `lt`; any language without templates → `en`. */
export const templateLanguage = (locale: string | undefined): TemplateLanguage => documentLanguage(locale);

/** The English of every built-in template's subject and text, for the documents' dictionary. */
export const mailEnglishTexts = Object.values(builtInTemplates).flatMap(({ defaults }) => [
  defaults.en.subject,
  defaults.en.text,
]);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The text as HTML: escaped, one paragraph per blank-line block. */
export const textToHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const compiled = new Map<string, HandlebarsTemplateDelegate>();
function compile(source: string, asHtml: boolean): HandlebarsTemplateDelegate {
  const key = `${asHtml ? 'h' : 't'}:${source}`;
  let fn = compiled.get(key);
  if (!fn) {
    fn = Handlebars.compile(source, { noEscape: !asHtml, strict: false, knownHelpersOnly: true });
    if (compiled.size > 500) compiled.clear();
    compiled.set(key, fn);
  }
  return fn;
}

/** Checks that a template's parts compile; throws handlebars' message otherwise. */
export function checkTemplate(template: Partial<MailTemplate>): void {
  for (const source of [template.subject, template.text, template.html])
    if (source) Handlebars.precompile(source, { knownHelpersOnly: true });
}

/** Renders `template` with `variables`; the subject on one line. */
export function renderTemplate(template: MailTemplate, variables: Record<string, unknown>): RenderedMail {
  const options = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false };
  const text = compile(template.text, false)(variables, options)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return {
    subject: compile(template.subject, false)(variables, options).replace(/\s+/g, ' ').trim(),
    text,
    html: template.html ? compile(template.html, true)(variables, options) : textToHtml(text),
  };
}
