import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('the bounded cache with expiry', () => {
  afterEach(() => vi.useRealTimers());

  it('forgets an entry once its time is over', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>(10);
    cache.set('a', 'one', 1000);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe('one');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new TtlCache<number>(2);
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 60_000);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});
