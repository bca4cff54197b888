import { describe, expect, it } from 'vitest';
import { placeOf } from '../../src/enrich/city-record.js';

const names = (en: string) => ({ en });

describe('placeOf', () => {
  it('joins the first subdivision ISO code to the country in a MaxMind City record', () => {
    expect(
      placeOf({
        country: { geoname_id: 6252001, iso_code: 'US', names: names('United States') },
        subdivisions: [
          { geoname_id: 5332921, iso_code: 'CA', names: names('California') },
          { geoname_id: 1, iso_code: 'XX', names: names('Second level') },
        ],
        city: { geoname_id: 5375480, names: names('Mountain View') },
      }),
    ).toEqual({ country: 'US', region: 'US-CA', city: 'Mountain View' });
  });

  it("falls back to the subdivision's English name without an ISO code", () => {
    expect(
      placeOf({
        country: { geoname_id: 2635167, iso_code: 'GB', names: names('United Kingdom') },
        subdivisions: [{ geoname_id: 6269131, iso_code: '', names: names('England') }],
      }),
    ).toEqual({ country: 'GB', region: 'England' });
  });

  it('reads the flat layout of ip-location-db files, dropping empty strings', () => {
    expect(placeOf({ country_code: 'SE', state1: 'Varmland County', city: 'Kristinehamn' })).toEqual({
      country: 'SE',
      region: 'Varmland County',
      city: 'Kristinehamn',
    });
    expect(placeOf({ country_code: 'US', state1: '', city: '' })).toEqual({ country: 'US' });
  });

  it('returns nothing for a record without place data', () => {
    expect(placeOf({})).toEqual({});
  });
});
