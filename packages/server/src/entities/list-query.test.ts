import { describe, expect, it } from 'vitest';
import { wordsQuery } from './list-query.ts';

describe('the words a free-text search needs', () => {
  it('says nothing for one word, which may be any part of a word', () => {
    expect(wordsQuery('lease')).toBeUndefined();
    expect(wordsQuery('ct0500')).toBeUndefined();
  });

  it('needs middle words whole and the last word as the start of a word; the first word may end a longer one', () => {
    expect(wordsQuery('financial lease 5000')).toBe(`'lease' & '5000':*`);
    expect(wordsQuery('ase 1')).toBe(`'1':*`);
    expect(wordsQuery('a b b c')).toBe(`'b' & 'c':*`);
  });

  it('skips the empty words of doubled and trailing spaces', () => {
    expect(wordsQuery('fleet  3')).toBe(`'3':*`);
    expect(wordsQuery('fleet ')).toBeUndefined();
    expect(wordsQuery('a  b  ')).toBe(`'b'`);
  });

  it('quotes what the tsquery syntax would read', () => {
    expect(wordsQuery(`o'x \\ y`)).toBe(`'\\\\' & 'y':*`);
    expect(wordsQuery(`a o'x & !b`)).toBe(`'o''x' & '&' & '!b':*`);
  });

  it('cuts words at 200 characters, as the index does', () => {
    expect(wordsQuery(`a ${'x'.repeat(300)}`)).toBe(`'${'x'.repeat(200)}':*`);
    expect(wordsQuery(`a ${'😀'.repeat(300)}`)).toBe(`'${'😀'.repeat(200)}':*`);
  });
});
