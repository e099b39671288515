import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormatCheck, ScriptLayout } from '../app/web-module.ts';
import { notify } from '../app/notify.tsx';
import { t } from '../i18n/i18n.ts';
import { runnableScript, scriptKeys, type ScriptRecord } from './script-api.ts';
import { loadScriptEngine, runExecute } from './script-runner.ts';
import { layoutOfRun, layoutProblemText } from './layout-script.ts';
import { formatCheckVerdict } from './format-check.ts';

/** A script is read again after a minute, or at once when the editor saves it (it refreshes `['script']`). */
const scriptFreshMs = 60_000;

/** The first of `names` the tenant has (and has switched on), or null. */
async function firstScript(names: string[]): Promise<ScriptRecord | null> {
  for (const name of names) {
    const script = await runnableScript(name);
    if (script) return script;
  }
  return null;
}

/** The engine, loaded only once a screen has a script to run; a browser that cannot load it says so once. */
function useEngine(needed: boolean) {
  const { data, error } = useQuery({
    queryKey: ['script-engine'],
    queryFn: loadScriptEngine,
    staleTime: Infinity,
    enabled: needed,
    retry: 1,
  });
  const problem = error ? String((error as Error).message ?? error) : undefined;
  useEffect(() => {
    if (problem)
      notify({
        level: 'error',
        message: 'The scripts of this screen cannot run in this browser',
        description: problem,
      });
  }, [problem]);
  return data;
}

/**
 * The slot `useLayoutScript`: the layout a screen's script makes of its default layout; a script
 * without `execute` or answering something else than cards is notified (spec 000 §7) and the
 * screen keeps its default layout.
 */
export function useLayoutScript(names: string[], defaultLayout: ScriptLayout): ScriptLayout | undefined {
  const { data: script } = useQuery({
    queryKey: [...scriptKeys.runnable(names.join('|')), 'layout'],
    queryFn: () => firstScript(names),
    staleTime: scriptFreshMs,
  });
  const engine = useEngine(Boolean(script));
  const layoutKey = JSON.stringify(defaultLayout);
  // The default layout is compared by its content: a screen may build it anew on each render.
  const outcome = useMemo(
    () =>
      script && engine
        ? layoutOfRun(runExecute(engine, script.code ?? '', JSON.parse(layoutKey)), script.name)
        : undefined,
    [script, engine, layoutKey],
  );
  const problem = outcome && 'error' in outcome ? layoutProblemText(outcome, t) : undefined;
  useEffect(() => {
    if (problem) notify({ level: 'error', message: problem });
  }, [problem]);
  return outcome && 'layout' in outcome ? outcome.layout : undefined;
}

/** The slot `useFormatCheck`: the tenant's check of that name, run at once on each value (the last verdicts kept). */
export function useFormatCheck(name: string): FormatCheck | undefined {
  const { data: script } = useQuery({
    queryKey: scriptKeys.runnable(name),
    queryFn: () => runnableScript(name),
    staleTime: scriptFreshMs,
  });
  const engine = useEngine(Boolean(script));
  return useMemo(() => {
    if (!script || !engine) return undefined;
    const verdicts = new Map<string, string | null>();
    return (input) => {
      const key = JSON.stringify(input);
      if (!verdicts.has(key)) {
        if (verdicts.size > 50) verdicts.clear();
        verdicts.set(key, formatCheckVerdict(runExecute(engine, script.code ?? '', input)));
      }
      return verdicts.get(key) ?? null;
    };
  }, [script, engine]);
}
