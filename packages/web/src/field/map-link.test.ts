import { describe, expect, it } from 'vitest';
import { openStreetMapUrl, positionText } from './map-link.ts';

describe('a position on the screens', () => {
  it('links to the point on OpenStreetMap, with a marker', () => {
    expect(openStreetMapUrl(45.7605, 4.8597)).toBe(
      'https://www.openstreetmap.org/?mlat=45.7605&mlon=4.8597#map=17/45.7605/4.8597',
    );
    expect(openStreetMapUrl(-33.8688, 151.2093)).toContain('mlat=-33.8688&mlon=151.2093');
  });

  it('reads with five decimals (about a metre) and its accuracy when the browser gave one', () => {
    expect(positionText(45.7605, 4.8597)).toBe('45.76050, 4.85970');
    expect(positionText(45.7605, 4.8597, 12.4)).toBe('45.76050, 4.85970 (± 12 m)');
  });
});
