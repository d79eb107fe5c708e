import { describe, expect, it } from 'vitest';
import { PAGE_JUMP_DIGITS_MESSAGE, pageJumpRangeMessage, parsePageJump } from './pageJump';

describe('parsePageJump (docs/product.md §5: digits only, 1 to the last page)', () => {
  it.each([
    ['1', 1],
    ['7', 7],
    [' 3 ', 3],
    ['007', 7],
  ])('accepts %j as page %i of 7', (input, page) => {
    expect(parsePageJump(input, 7)).toEqual({ ok: true, page });
  });

  it.each(['', 'abc', '2.5', '-1', '+2', '1e1', '٣', '3 4'])('rejects %j as not digits', (input) => {
    expect(parsePageJump(input, 7)).toEqual({ ok: false, message: PAGE_JUMP_DIGITS_MESSAGE });
  });

  it.each(['0', '8', '100'])('rejects %j as outside 1..7', (input) => {
    expect(parsePageJump(input, 7)).toEqual({ ok: false, message: pageJumpRangeMessage(7) });
    expect(pageJumpRangeMessage(7)).toBe('Enter a page number from 1 to 7');
  });
});
