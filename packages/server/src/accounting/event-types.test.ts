import { referenceLists } from '@lbo/model/reference-lists';
import { describe, expect, it } from 'vitest';
import { MANUAL_ENTRY } from './posting-engine.ts';
import { eventTypeNames } from './posting-rules.ts';

describe('posting event types', () => {
  it('are the reference list the postings and events are shown with, each labelled in English and French', () => {
    const list = referenceLists.postingEventType;
    expect(list.map((item) => item.value).sort()).toEqual([...eventTypeNames, MANUAL_ENTRY].sort());
    for (const item of list) {
      expect(item.label.en, item.value).toMatch(/^[A-Z][a-z]/);
      expect(item.label.fr, item.value).toBeTruthy();
      expect(item.label.fr, item.value).not.toBe(item.label.en);
    }
  });
});
