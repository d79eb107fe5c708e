/**
 * JSON text of an answer, made once per answer object. The read cache (read-cache.ts) hands the
 * same object to every request it answers for its 2 s, so a hot list page is serialised once
 * rather than once a request (serialising 25 posts was 5% of the server's CPU, and the garbage of
 * it more, under the realistic bench's list load). Answers must not change once sent, which the
 * cache already requires. Entries go with their objects.
 */
const texts = new WeakMap<object, string>();

export function jsonOnce(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}
