import type { ScriptRecord } from './script-api.ts';

/** What `/scripts` shows, as its URL says (spec 000 §2.2). */
export interface ScriptsView {
  /** The script open in the editor. */
  name?: string;
  /** Text the list is narrowed to (name, description, type, entity). */
  filter: string;
  /** `all=1`: every script, whatever entity or user the link came with. */
  all: boolean;
  /** Only the scripts this user last wrote. */
  username?: string;
  /** Only the scripts of this kind (`entityName`, or `entityType`), and the scripts of no kind. */
  entityName?: string;
}

const lastWriter = (script: ScriptRecord) => script._updateUser ?? script._update_user ?? script._insertUser;

/** The scripts of the list, narrowed as the view says; the open one always stays listed. */
export function visibleScripts(scripts: ScriptRecord[], view: ScriptsView): ScriptRecord[] {
  const words = view.filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return scripts.filter((script) => {
    if (script.name === view.name) return true;
    if (!view.all && view.entityName && script.entityName && script.entityName !== view.entityName) return false;
    if (!view.all && view.username && lastWriter(script) !== view.username) return false;
    const text = [script.name, script.description, script.scriptType, script.entityName]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The link of a view of `/scripts`. */
export function scriptsLink({ name, all, filter }: { name?: string; all?: boolean; filter?: string }): string {
  const query = new URLSearchParams();
  if (name) query.set('name', name);
  if (filter) query.set('filter', filter);
  if (all) query.set('all', '1');
  const text = query.toString();
  return text ? `/scripts?${text}` : '/scripts';
}
