import { describe, expect, it } from 'vitest';
import { findControlCharacter } from './text.js';

const problem = (input: unknown) => {
  const issue = findControlCharacter(input)?.issues[0];
  return issue && { path: issue.path, message: issue.message };
};

// docs/security.md §12: a NUL character reached PostgreSQL and failed there with a 500. The raw input of
// every surface is walked once (api/src/plugins/input.ts, the tRPC middleware), whatever its schema.
describe('docs/security.md §12: a control character anywhere in the raw input is found, naming the field', () => {
  it.each([
    ['NUL in a field', { title: 'a\u0000b' }, ['title'], 'title must not contain control characters'],
    [
      'NUL in a nested list',
      { query: { keywords: ['ok', 'x\u0000'] } },
      ['query', 'keywords', 1],
      'query.keywords.1 must not contain control characters',
    ],
    ['BEL', { name: 'ring\u0007' }, ['name'], 'name must not contain control characters'],
    ['ESC', { name: '\u001b[31mred' }, ['name'], 'name must not contain control characters'],
    ['DEL', { name: 'a\u007f' }, ['name'], 'name must not contain control characters'],
    ['in a key', { ['bad\u0000key']: 1 }, ['bad\u0000key'], 'bad\u0000key must not contain control characters'],
    ['the whole input', '\u0000', [], 'input must not contain control characters'],
  ])('%s', (_case, input, path, message) => {
    expect(problem(input)).toEqual({ path, message });
  });

  it('allows tab, line feed and carriage return, other text, numbers and nulls', () => {
    expect(findControlCharacter({ message: 'line one\r\nline two\tend', price: 1.5, on: true, none: null, emoji: 'é 🚀' })).toBeNull();
  });

  it('does not walk bodies that are not text (the bytes of an upload)', () => {
    expect(findControlCharacter(new TextEncoder().encode('a\u0000b'))).toBeNull();
  });

  it('a deeply nested input is walked without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacter(deep)?.issues[0]?.path).toHaveLength(100_000);
  });
});

describe('the query string dictionaries Fastify makes', () => {
  it('are walked too', () => {
    function Dictionary() {}
    Dictionary.prototype = Object.create(null) as object;
    const query = new (Dictionary as unknown as new () => Record<string, string>)();
    query.symbol = 'BT\u0000C';
    expect(findControlCharacter(query)?.issues[0]?.message).toBe('symbol must not contain control characters');
  });
});
