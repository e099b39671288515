import { describe, expect, it } from 'vitest';
import {
  addressOfDetail,
  addressRules,
  completeAddress,
  coordinatesOf,
  formattedAddress,
  parseAddress,
  repeatedTypes,
  suggestionsOf,
  uniquePerType,
} from './addresses.ts';

describe('formatted address', () => {
  it('joins address1, address2, zipcode and city', () => {
    expect(
      formattedAddress({
        address1: '1 rue de la Paix',
        address2: 'Bât. B',
        zipcode: '75002',
        city: 'Paris',
        addressLine: 'x',
      }),
    ).toBe('1 rue de la Paix, Bât. B, 75002 Paris');
  });
  it('falls back to coordinates rounded to 5 decimals, then to the address line', () => {
    expect(
      formattedAddress({ location: { type: 'Point', coordinates: [2.3522219, 48.856614] }, addressLine: 'x' }),
    ).toBe('48.85661, 2.35222');
    expect(formattedAddress({ addressLine: 'somewhere' })).toBe('somewhere');
    expect(formattedAddress(undefined)).toBe('');
  });
  it('reads coordinates as [longitude, latitude] only when both are numbers', () => {
    expect(coordinatesOf({ location: { coordinates: [2.35, 48.85] } })).toEqual([2.35, 48.85]);
    expect(coordinatesOf({ location: { coordinates: ['a', 1] } })).toBeUndefined();
    expect(coordinatesOf({})).toBeUndefined();
  });
});

describe('address rules', () => {
  it('sets missing fields to null', () => {
    const full = completeAddress({ type: 'HOME', city: 'Lyon', custom: 1 });
    expect(full.city).toBe('Lyon');
    expect(full.zipcode).toBeNull();
    expect(full.invalidAddress).toBeNull();
    expect(full.custom).toBe(1);
  });
  it('uniqueAddressPerType applies when true or when it names person', () => {
    expect(uniquePerType(true)).toBe(true);
    expect(uniquePerType(['contract', 'person'])).toBe(true);
    expect(uniquePerType(['contract'])).toBe(false);
    expect(uniquePerType(undefined)).toBe(false);
  });
  it('hides Add when every type is used and disables Save when types repeat', () => {
    const types = ['HOME', 'WORK'];
    expect(addressRules([{ type: 'HOME' }], types, true)).toEqual({ canAdd: true, canSave: true, nextType: 'WORK' });
    expect(addressRules([{ type: 'HOME' }, { type: 'WORK' }], types, true).canAdd).toBe(false);
    expect(addressRules([{ type: 'HOME' }, { type: 'HOME' }], types, true).canSave).toBe(false);
    expect(addressRules([{ type: 'HOME' }, { type: 'HOME' }], types, false)).toEqual({
      canAdd: true,
      canSave: true,
      nextType: undefined,
    });
    expect(repeatedTypes([{ type: 'A' }, { type: 'B' }, { type: 'A' }])).toEqual(['A']);
  });
  it('parses a typed address: street, second line, postal code and city, country', () => {
    expect(parseAddress('10 rue Lafayette, 75009 Paris')).toMatchObject({
      address1: '10 rue Lafayette',
      zipcode: '75009',
      city: 'Paris',
    });
    expect(parseAddress('10 rue Lafayette, Bât. C, 75009 Paris, France')).toMatchObject({
      address1: '10 rue Lafayette',
      address2: 'Bât. C',
      zipcode: '75009',
      city: 'Paris',
      country: 'France',
    });
    expect(parseAddress('nowhere')).toMatchObject({ addressLine: 'nowhere', address1: null });
  });
});

describe('addresses pivot answers', () => {
  it('reads suggestions from a list or an object', () => {
    expect(suggestionsOf([{ placeId: 'p1', label: '1 rue A, Paris' }])).toEqual([
      { placeId: 'p1', label: '1 rue A, Paris', address: { placeId: 'p1', label: '1 rue A, Paris' } },
    ]);
    expect(
      suggestionsOf({ suggestions: [{ address: { address1: '2 rue B', zipcode: '69001', city: 'Lyon' } }] })[0].label,
    ).toBe('2 rue B, 69001 Lyon');
    expect(suggestionsOf(null)).toEqual([]);
  });
  it('keeps the suggestion label as address line of the detail', () => {
    expect(addressOfDetail({ address: { address1: '1 rue A', city: 'Paris' } }, { label: '1 rue A, Paris' })).toEqual({
      address1: '1 rue A',
      city: 'Paris',
      addressLine: '1 rue A, Paris',
    });
  });
});
