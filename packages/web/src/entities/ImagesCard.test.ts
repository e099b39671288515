import { describe, expect, it } from 'vitest';
import { picturesOf, reordered } from './ImagesCard.tsx';

const doc = (id: string, type: string, sortIndex?: number) => ({
  _id: id,
  registration: id,
  type,
  sortIndex,
  name: `${id}.jpg`,
});

describe('the Images card', () => {
  const documents = [
    doc('main', 'MAINIMAGE'),
    doc('a', 'IMAGE', 0),
    doc('b', 'IMAGE', 1),
    doc('c', 'IMAGE'),
    doc('pdf', 'CONTRACT'),
  ];

  it('shows pictures only', () => {
    expect(picturesOf(documents).map((d) => d._id)).toEqual(['main', 'a', 'b', 'c']);
  });

  it('moves a picture one step and numbers every ordinary picture by its new place', () => {
    expect(reordered(picturesOf(documents), 'b', -1)).toEqual([
      { documentId: 'b', sortIndex: 0 },
      { documentId: 'a', sortIndex: 1 },
      { documentId: 'c', sortIndex: 2 },
    ]);
    expect(reordered(picturesOf(documents), 'a', 1)).toEqual([
      { documentId: 'b', sortIndex: 0 },
      { documentId: 'a', sortIndex: 1 },
      { documentId: 'c', sortIndex: 2 },
    ]);
  });

  it('does not move past either end, nor the main picture', () => {
    expect(reordered(picturesOf(documents), 'a', -1)).toEqual([]);
    expect(reordered(picturesOf(documents), 'c', 1)).toEqual([]);
    expect(reordered(picturesOf(documents), 'main', 1)).toEqual([]);
  });
});
