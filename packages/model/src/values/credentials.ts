/**
 * Rules for usernames and passwords, shared by the server (which enforces them) and the
 * web app (which shows them while typing).
 */

/** The username rule lives with the other value rules, shared by the server and the web. */
export { isValidUsername } from './value-rules.ts';

/** Passwords that pass the character rules but are guessed first. */
const common = [
  'password',
  'passw0rd',
  'welcome',
  'letmein',
  'azerty',
  'qwerty',
  '123456',
  'admin',
  'changeme',
  'motdepasse',
];

export const PASSWORD_MIN_LENGTH = 10;

/**
 * The strength rule: at least 10 characters and three of lower case, upper case, digit and
 * symbol; not a common password; not containing the username's name part.
 * Answers the reason it is too weak, or undefined when it is strong enough.
 */
export function passwordWeakness(password: string, username?: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `at least ${PASSWORD_MIN_LENGTH} characters are needed`;
  if (password.length > 256) return 'at most 256 characters are allowed';
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  if (classes < 3) return 'use three of lower case, upper case, digits and symbols';
  const lower = password.toLowerCase();
  if (common.some((word) => lower.replace(/[^a-z0-9]/g, '').startsWith(word))) return 'it is a common password';
  const name = username?.split('@')[0]?.toLowerCase();
  if (name && name.length >= 3 && lower.includes(name)) return 'it contains the username';
  return undefined;
}
