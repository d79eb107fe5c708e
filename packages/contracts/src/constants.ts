/** Business constants of docs/product.md §9 that more than one package reads. */

/** The header switches to its scrolled style once the page is scrolled more than this. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
