export type PageJump = { ok: true; page: number } | { ok: false; message: string };

export const PAGE_JUMP_DIGITS_MESSAGE = 'Enter a page number using digits only';
export const pageJumpRangeMessage = (last: number) => `Enter a page number from 1 to ${last}`;

/** docs/product.md §5: digits only, from 1 to the last page. */
export function parsePageJump(input: string, lastPage: number): PageJump {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: PAGE_JUMP_DIGITS_MESSAGE };
  const page = Number(text);
  if (page < 1 || page > lastPage) return { ok: false, message: pageJumpRangeMessage(Math.max(lastPage, 1)) };
  return { ok: true, page };
}
