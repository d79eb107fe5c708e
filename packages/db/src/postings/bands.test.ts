import { describe, expect, it } from 'vitest';
import { LIKES_BANDS, likesBand, likesBandStart } from './terms.js';

describe('likes bands', () => {
  it('puts each bound at the start of its band, the likes below it in the band before, and no likes below band 0', () => {
    expect(likesBand(0)).toBe(0);
    expect(likesBandStart(0)).toBe(0);
    LIKES_BANDS.forEach((bound, i) => {
      expect(likesBand(bound)).toBe(i + 1);
      expect(likesBand(bound - 1)).toBe(i);
      expect(likesBandStart(i + 1)).toBe(bound);
    });
    expect(likesBand(250)).toBe(likesBand(200));
    expect(likesBandStart(likesBand(250))).toBe(200);
  });
});
