import { describe, expect, it } from 'vitest';
import { COUNT_AHEAD } from '@lbo/model/list-paging';
import { readListAnswer } from './data-provider.ts';

const answer = (size: number | undefined, offset = 0, limit = 20) =>
  readListAnswer(
    [{ registration: 'CT000001' }],
    new Headers({
      'pagination-offset': String(offset),
      'pagination-limit': String(limit),
      ...(size === undefined ? {} : { 'pagination-size': String(size) }),
      'pagination-continues': 'true',
    }),
  );

describe('a list answer', () => {
  it('reads a count that stopped COUNT_AHEAD past the page as a lower bound', () => {
    expect(answer(20 + COUNT_AHEAD)).toMatchObject({ size: 220, sizeAtLeast: true, continues: true });
    expect(answer(40 + 20 + COUNT_AHEAD, 40)).toMatchObject({ size: 260, sizeAtLeast: true });
  });
  it('reads a count below the cap as the number of matches', () => {
    expect(answer(219)).toMatchObject({ size: 219, sizeAtLeast: false });
    expect(answer(220, 40)).toMatchObject({ size: 220, sizeAtLeast: false });
  });
  it('counts the rows when the server sent no count', () => {
    expect(answer(undefined)).toMatchObject({ size: 1, sizeAtLeast: false });
  });
});
