import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from './addresses.ts';

describe('formatted address (spec 002 §3)', () => {
  it('joins address1, address2, zipcode and city', () => {
    expect(
      formatAddress({ address1: '8 Boulevard du Port', address2: 'Bât. B', zipcode: '80000', city: 'Amiens' }),
    ).toBe('8 Boulevard du Port, Bât. B, 80000 Amiens');
    expect(formatAddress({ address1: '8 Boulevard du Port', city: 'Amiens' })).toBe('8 Boulevard du Port, Amiens');
  });
  it('falls back to the coordinates rounded to 5 decimals, then to the address line', () => {
    expect(
      formatAddress({ location: { type: 'Point', coordinates: [2.2922926123, 48.8583701789] }, addressLine: 'x' }),
    ).toBe('48.85837, 2.29229');
    expect(formatAddress({ addressLine: 'Somewhere', location: { coordinates: ['a', 'b'] } })).toBe('Somewhere');
    expect(formatAddress({})).toBe('');
    expect(formatAddress(null)).toBe('');
  });
});

describe('address parser (spec 002 §5)', () => {
  it('reads street, postal code and city', () => {
    expect(parseAddress('8 Boulevard du Port, 80000 Amiens')).toMatchObject({
      address1: '8 Boulevard du Port',
      address2: null,
      zipcode: '80000',
      city: 'Amiens',
      country: null,
    });
  });
  it('reads a second line and a country', () => {
    expect(parseAddress('8 Boulevard du Port, Bâtiment B, 80000 Amiens, France')).toMatchObject({
      address1: '8 Boulevard du Port',
      address2: 'Bâtiment B',
      zipcode: '80000',
      city: 'Amiens',
      country: 'France',
    });
    expect(parseAddress('8 Boulevard du Port, 80000 Amiens, France')).toMatchObject({
      address2: null,
      zipcode: '80000',
      city: 'Amiens',
      country: 'France',
    });
    expect(parseAddress('1 rue X, Bât C, Amiens 80000')).toMatchObject({
      address2: 'Bât C',
      zipcode: '80000',
      city: 'Amiens',
    });
  });
  it('takes only a 5-digit number as a postal code', () => {
    expect(parseAddress('Main Street 12, 1234 Town')).toMatchObject({
      address1: 'Main Street 12',
      zipcode: null,
      city: '1234 Town',
    });
    expect(parseAddress('10 Downing Street, London, United Kingdom')).toMatchObject({
      city: 'London',
      country: 'United Kingdom',
    });
  });
  it('keeps anything else as the address line, with the other fields null', () => {
    expect(parseAddress('just a place')).toEqual({
      addressLine: 'just a place',
      address1: null,
      address2: null,
      zipcode: null,
      city: null,
      country: null,
    });
    expect(parseAddress('a, b, c, d, e').address1).toBeNull();
    expect(parseAddress('a, b, 75002 Paris, France, Europe').zipcode).toBeNull();
  });
});
