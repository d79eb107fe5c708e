import { describe, expect, it } from 'vitest';
import { parseArticle, parseInlines } from './articleBlocks';

describe('parseArticle', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(parseArticle('First line\nsame paragraph.\n\nSecond.')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'First line same paragraph.' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Second.' }] },
    ]);
  });

  it('reads headings, lists and fenced code, keeping code lines as they are', () => {
    const body = '## Setup\n\n- one `a`\n- two\n\n```\ncurl -H "x" \\\n  https://h\n```\nAfter.';
    expect(parseArticle(body)).toEqual([
      { kind: 'heading', text: 'Setup' },
      {
        kind: 'list',
        items: [
          [
            { kind: 'text', text: 'one ' },
            { kind: 'code', text: 'a' },
          ],
          [{ kind: 'text', text: 'two' }],
        ],
      },
      { kind: 'code', text: 'curl -H "x" \\\n  https://h' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'After.' }] },
    ]);
  });

  it('keeps markup as text: nothing in a body becomes HTML', () => {
    const [block] = parseArticle('<img src=x onerror=alert(1)> & <script>alert(1)</script>');
    expect(block).toEqual({
      kind: 'paragraph',
      inlines: [{ kind: 'text', text: '<img src=x onerror=alert(1)> & <script>alert(1)</script>' }],
    });
  });
});

describe('parseInlines', () => {
  it('leaves an unmatched backtick as text', () => {
    expect(parseInlines('a `b')).toEqual([{ kind: 'text', text: 'a `b' }]);
  });
});
