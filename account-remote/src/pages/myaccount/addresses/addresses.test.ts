import { withoutAddress } from './addresses';

const a = {
  streetadd: '1 A St',
  landmark: 'L',
  country: 'India',
  state: 'Gujarat',
  city: 'Surat',
  postal: '1',
} as const;
const b = { ...a, streetadd: '2 B St' };
const aElsewhere = { ...a, city: 'Vadodara' }; // same street + landmark + postal as `a`

describe('withoutAddress', () => {
  it('removes the entry matching streetadd, landmark and postal', () => {
    expect(withoutAddress([a, b], { ...b })).toEqual([a]);
  });

  it('removes only the chosen row when two rows share the key', () => {
    expect(withoutAddress([a, b, aElsewhere], aElsewhere, 2)).toEqual([a, b]);
    expect(withoutAddress([a, b, aElsewhere], a, 0)).toEqual([b, aElsewhere]);
  });

  it('falls back to the key when the list moved under the row index', () => {
    expect(withoutAddress([b, a], a, 0)).toEqual([b]);
  });

  it('leaves the list alone when nothing matches', () => {
    expect(withoutAddress([a], b)).toEqual([a]);
  });
});
