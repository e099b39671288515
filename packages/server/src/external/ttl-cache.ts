/**
 * A bounded cache whose entries expire (docs/decisions.md, "The vehicle catalogue's cache"):
 * a Map keeps insertion order, so the oldest entry is dropped first when it is full, and an
 * entry read is moved to the end (least recently used goes first).
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();

  constructor(readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= Date.now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: Date.now() + ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
