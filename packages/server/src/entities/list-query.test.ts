import { describe, expect, it } from 'vitest';
import { wordsQuery } from './list-query.ts';

describe('the words a free-text search needs', () => {
  it('says nothing for one word, which may be any part of a word', () => {
    expect(wordsQuery('lease')).toBeUndefined();
    expect(wordsQuery('ct0500')).toBeUndefined();
  });

  it('needs middle words whole and the last word as the start of a word; the first word may end a longer one', () => {
    expect(wordsQuery('financial lease 5000')).toBe(`'lease' & '5000':*`);
    expect(wordsQuery('ase ren')).toBe(`'ren':*`);
    expect(wordsQuery('a b b ccc')).toBe(`'b' & 'ccc':*`);
  });

  it('leaves a search whose last word is shorter than 3 characters to the trigram index', () => {
    expect(wordsQuery('financial lease 50')).toBeUndefined();
    expect(wordsQuery('fleet 3')).toBeUndefined();
    expect(wordsQuery('fleet ')).toBeUndefined();
    expect(wordsQuery('a  b  ')).toBeUndefined();
  });

  it('skips the empty words of doubled spaces', () => {
    expect(wordsQuery('fleet  loan')).toBe(`'loan':*`);
    expect(wordsQuery('a  b  loan')).toBe(`'b' & 'loan':*`);
  });

  it('quotes what the tsquery syntax would read', () => {
    expect(wordsQuery(`o'x \\ you`)).toBe(`'\\\\' & 'you':*`);
    expect(wordsQuery(`a o'x & !bb`)).toBe(`'o''x' & '&' & '!bb':*`);
  });

  it('cuts words at 200 characters, as the index does', () => {
    expect(wordsQuery(`a ${'x'.repeat(300)}`)).toBe(`'${'x'.repeat(200)}':*`);
    expect(wordsQuery(`a ${'😀'.repeat(300)}`)).toBe(`'${'😀'.repeat(200)}':*`);
  });
});
