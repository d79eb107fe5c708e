/**
 * The small subset of Markdown that blog bodies use, parsed into plain data that React renders
 * as elements: nothing in a body can become HTML, so no body can inject markup or script.
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'code'; text: string };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'code'; text: string };

/** `code` spans between backticks; an unmatched backtick stays text. */
export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = [];
  const pattern = /`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) inlines.push({ kind: 'text', text: text.slice(last, match.index) });
    inlines.push({ kind: 'code', text: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) inlines.push({ kind: 'text', text: text.slice(last) });
  return inlines;
}

/** Blank lines separate blocks; `## ` starts a heading, `- ` a list item, ``` fences code. */
export function parseArticle(body: string): Block[] {
  const blocks: Block[] = [];
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' ')) });
    if (list.length > 0) blocks.push({ kind: 'list', items: list.map(parseInlines) });
    paragraph = [];
    list = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] ?? '').startsWith('```'); i++) code.push(lines[i] ?? '');
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (line.trim() === '') {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      if (paragraph.length > 0) flush();
      list.push(line.slice(2).trim());
    } else if (list.length > 0 && /^\s/.test(line)) {
      // An indented line continues the list item above it.
      list[list.length - 1] += ` ${line.trim()}`;
    } else {
      if (list.length > 0) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
