/** Joins class names, skipping the falsy ones (CSS module lookups may be undefined). */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
