import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the repository's files cite must be something a reader of the repository can open: a
// requirement is cited as docs/security.md §N or docs/product.md §N (or another page of docs/),
// never as an issue number, a checklist or specification kept elsewhere, or a path on one machine.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const self = 'api/src/docs/references.test.ts';

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && file !== self);

const isSource = (file: string) =>
  /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|py|sh|ya?ml|toml|cfg|css|html|md)$/.test(file) ||
  /(^|\/)Dockerfile[^/]*$/.test(file) ||
  file.startsWith('.ci/');
// Results are recorded output. Migrations are checked too: what they run is frozen once landed,
// but a comment citing what a reader cannot open was mended without touching a statement.
const isExempt = (file: string) => file.startsWith('bench/results/');

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const sources = tracked.filter((file) => isSource(file) && !isExempt(file));

const forbidden: { what: string; pattern: RegExp }[] = [
  { what: 'an issue number', pattern: /\bissues? #?\d+/i },
  { what: 'a checklist item (cite docs/security.md §N)', pattern: /\bchecklists? #?\d+/i },
  { what: 'a specification section (cite docs/product.md §N)', pattern: /\bspec(?:\.md)? ?§/i },
  { what: 'a file outside the repository', pattern: /\.\.\/shared\b|\bshared\/(?:reference|tools)\b/ },
  { what: 'a path on one machine', pattern: /(?<![\w.:~-])\/(?:work|home|Users|root|mnt)\/\w/ },
];

/** `docs/<page>.md §N` and the sections chained after it: `§5 and §8`, `§18–21`, `§4/§9`, `§16, §17`. */
const citation = /\bdocs\/(security|product)\.md ((?:§\d+(?:[–-]\d+)?(?:, | and | or |\/)?)+)/g;

/** The sections a page defines: security.md's numbered items, product.md's numbered headings. */
function sectionsOf(page: 'security' | 'product'): Set<number> {
  const text = read(`docs/${page}.md`);
  const heading = page === 'security' ? /^(\d+)\. /gm : /^## (\d+)\. /gm;
  return new Set([...text.matchAll(heading)].map((m) => Number(m[1])));
}

describe('references a reader can follow', () => {
  it('finds the files it checks', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources).toContain('api/src/app.ts');
  });

  it('no source, comment or test name cites an issue number, an outside document or a machine path', () => {
    const found: string[] = [];
    for (const file of sources) {
      read(file)
        .split('\n')
        .forEach((line, index) => {
          for (const { what, pattern } of forbidden) {
            if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 160)}`);
          }
        });
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('every docs/security.md and docs/product.md section cited exists in that page', () => {
    const defined = { security: sectionsOf('security'), product: sectionsOf('product') };
    expect(defined.security.size).toBeGreaterThanOrEqual(31);
    expect([...defined.product]).toEqual(expect.arrayContaining([2, 3, 4, 5, 7, 8, 9]));
    const missing: string[] = [];
    for (const file of tracked.filter((f) => isSource(f) || f.endsWith('.json'))) {
      if (isExempt(file)) continue;
      read(file)
        .split('\n')
        .forEach((line, index) => {
          for (const [, page, list] of line.matchAll(citation)) {
            const pageSections = defined[page as 'security' | 'product'];
            for (const [, first, last] of (list ?? '').matchAll(/§(\d+)(?:[–-](\d+))?/g)) {
              for (let n = Number(first); n <= Number(last ?? first); n++) {
                if (!pageSections.has(n)) missing.push(`${file}:${index + 1}: docs/${page}.md §${n}`);
              }
            }
          }
        });
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('every file docs/security.md names as holding an item exists', () => {
    const named = [...read('docs/security.md').matchAll(/`((?:api|web|packages|scripts|deploy|bench)\/[\w./-]+\.\w+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(30);
    const gone = named.filter((file) => !existsSync(join(root, file)));
    expect(gone, gone.join('\n')).toEqual([]);
  });
});
