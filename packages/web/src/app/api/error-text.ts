import { errorCatalogue } from '@lbo/model/errors';
import { t } from '../../i18n/i18n.ts';

/**
 * An answer's message in the user's language. The server answers the catalogue's English
 * (`status|CODE|message`, spec 000 §8, a contract); the web reads the `$` arguments back out of
 * the message by the code's template and puts them, in order, into the template's translation.
 * A message that does not fit its template (a tenant script's own text) is shown as it came.
 */
const patterns = new Map<string, RegExp>();

function patternOf(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const parts = template.split('$').map((part) => part.replace(/[.*+?^{}()|[\]\\]/g, '\\$&'));
    pattern = new RegExp(`^${parts.join('([\\s\\S]*?)')}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}

export function translatedErrorMessage(code: unknown, message: string): string {
  if (typeof code !== 'string' || !Object.hasOwn(errorCatalogue, code)) return message;
  const template: string = errorCatalogue[code as keyof typeof errorCatalogue][1];
  const found = patternOf(template).exec(message);
  if (!found) return message;
  const translated = t(template);
  if (translated === template) return message;
  const args = found.slice(1);
  let i = 0;
  return translated.replace(/\$/g, () => (i < args.length ? args[i++] : '$'));
}
