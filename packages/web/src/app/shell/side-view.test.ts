import { describe, expect, it } from 'vitest';
import { isAppPath, listedParentOrigin, originOf, parentOriginsOf, parseParentMessage } from './side-view.ts';

describe('side view messages', () => {
  it('reads the host’s parent origins, as a list or a text, keeping origins only', () => {
    expect(parentOriginsOf(['https://crm.example.com/', 'not an origin', 'http://localhost:8080/x'])).toEqual([
      'https://crm.example.com',
      'http://localhost:8080',
    ]);
    expect(parentOriginsOf('https://a.example, https://b.example')).toEqual(['https://a.example', 'https://b.example']);
    expect(parentOriginsOf(undefined)).toEqual([]);
    expect(originOf('data:text/html,x')).toBeUndefined();
  });

  it('accepts JSON messages of a known type only, with a path of this app', () => {
    expect(parseParentMessage('{"type":"open","path":"/contract/C1"}')).toEqual({ type: 'open', path: '/contract/C1' });
    expect(parseParentMessage({ type: 'sideView', open: false })).toEqual({ type: 'sideView', open: false });
    for (const wrong of [
      'open /contract/C1',
      '{"type":"open","path":"//evil.example/x"}',
      '{"type":"open","path":"javascript:alert(1)"}',
      '{"type":"open","path":"/\\\\evil.example"}',
      '{"type":"open","path":"https://evil.example/"}',
      '{"type":"eval","code":"1"}',
      '{"type":"sideView","open":"yes"}',
      42,
      null,
    ])
      expect(parseParentMessage(wrong), String(wrong)).toBeUndefined();
    expect(isAppPath('/persons?status=ACTIVE')).toBe(true);
  });

  it('talks to the parent only when its origin is listed', () => {
    const allowed = ['https://crm.example.com'];
    expect(listedParentOrigin(allowed, ['https://crm.example.com'], '')).toBe('https://crm.example.com');
    expect(listedParentOrigin(allowed, ['https://evil.example'], 'https://crm.example.com/page')).toBeUndefined();
    expect(listedParentOrigin(allowed, undefined, 'https://crm.example.com/page')).toBe('https://crm.example.com');
    expect(listedParentOrigin(allowed, [], '')).toBeUndefined();
  });
});
