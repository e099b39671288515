import { describe, expect, it } from 'vitest';
import { literalPattern, wordsQuery } from './list-query.ts';

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

describe('a regular-expression filter that is a literal text', () => {
  it('is the ILIKE pattern of the same values, anchored as the expression is', () => {
    expect(literalPattern('martin')).toBe('%martin%');
    expect(literalPattern('^Mart')).toBe('Mart%');
    expect(literalPattern('tin$')).toBe('%tin');
    expect(literalPattern('^martin$')).toBe('martin');
    expect(literalPattern('jean dupont')).toBe('%jean dupont%');
  });

  it('escapes what LIKE would read as a wildcard', () => {
    expect(literalPattern('50%_off')).toBe('%50\\%\\_off%');
  });

  it('leaves any other expression to the regular-expression engine', () => {
    for (const pattern of ['l.a', '^Loan [1-3]', 'a|b', 'a*', 'x+', '(?i)a', '\\d', 'a{2}', '^', '$', '', 'ma$rtin'])
      expect(literalPattern(pattern)).toBeUndefined();
  });
});
