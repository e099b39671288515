/**
 * Collects keys that have no translation and sends them in batches, debounced 1 s
 * (spec 000 §7: POST /api/core/locales/{locale}/keys with keysToAdd).
 */
export function missingKeyCollector(send: (locale: string, keys: string[]) => Promise<unknown>, delayMs = 1000) {
  const pending = new Map<string, Set<string>>();
  const sent = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const [locale, keys] of pending) {
      if (keys.size) void send(locale, [...keys]).catch(() => undefined);
    }
    pending.clear();
  };
  return (locale: string, key: string) => {
    const id = `${locale}\u0000${key}`;
    if (sent.has(id)) return;
    sent.add(id);
    if (!pending.has(locale)) pending.set(locale, new Set());
    pending.get(locale)!.add(key);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };
}
