import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headerOf = (call: unknown[], name: string) => new Headers((call[1] as RequestInit).headers).get(name);

describe('writes sent by the data client', () => {
  it('carry an idempotency key, and a write whose answer was lost is sent again with the same key', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        new Response('{"registration":"TKT000001"}', { status: 201, headers: { 'content-type': 'application/json' } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await request<{ registration: string }>('POST', '/api/support/tickets', { body: { name: 'once' } });
    expect(answer.data.registration).toBe('TKT000001');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const key = headerOf(fetchMock.mock.calls[0], 'idempotency-key');
    expect(key).toMatch(/\S{8,}/);
    expect(headerOf(fetchMock.mock.calls[1], 'idempotency-key')).toBe(key);
    expect(fetchMock.mock.calls[1][1].body).toBe(fetchMock.mock.calls[0][1].body);
  });

  it('each write has its own key; reads have none and are not sent again', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await request('PATCH', '/api/x/1', { body: { _version: 1 } });
    await request('PATCH', '/api/x/1', { body: { _version: 1 } });
    await request('GET', '/api/x/1');
    const keys = fetchMock.mock.calls.map((call) => headerOf(call, 'idempotency-key'));
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeNull();
    const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', failing);
    await expect(request('GET', '/api/x/1', { silent: true })).rejects.toMatchObject({ status: 0 });
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
