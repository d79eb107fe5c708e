import type { CodeExample } from '@coinsight/sdk/examples';

/** The ways into the API the docs show side by side, in their tab order. */
export const WAYS = ['curl', 'typescript', 'python', 'cli'] as const;
export type Way = (typeof WAYS)[number];

export const WAY_LABELS: Record<Way, string> = { curl: 'curl', typescript: 'TypeScript', python: 'Python', cli: 'CLI' };

/**
 * Which way in an example shows, from what it is: a TypeScript or Python file; a shell line calling
 * the `coinsight` CLI (or installing @coinsight/cli, by name or its tarball); a curl call. null: neither (e.g. `export`).
 */
export function wayOf(example: CodeExample): Way | null {
  if (example.language === 'typescript') return 'typescript';
  if (example.language === 'python') return 'python';
  const code = example.code.trimStart();
  if (/^(npx\s+(-y\s+)?)?coinsight\s/.test(code) || /@coinsight\/cli|\/coinsight-cli[\w.-]*\.tgz/.test(code)) return 'cli';
  if (example.kind === 'install' && /\bpip3?\s+install\b|python3? -m pip/.test(code)) return 'python';
  if (example.kind === 'install' && /@coinsight\/sdk|\/coinsight-sdk[\w.-]*\.tgz/.test(code)) return 'typescript';
  if (/^curl\s/.test(code)) return 'curl';
  return null;
}

/** The examples of each way, in the order given (install lines first within a way). */
export function byWay(examples: Iterable<CodeExample>): Partial<Record<Way, CodeExample[]>> {
  const ways: Partial<Record<Way, CodeExample[]>> = {};
  for (const example of examples) {
    const way = wayOf(example);
    if (way) (ways[way] ??= []).push(example);
  }
  for (const list of Object.values(ways)) list.sort((a, b) => Number(b.kind === 'install') - Number(a.kind === 'install'));
  return ways;
}

/** The examples of the ways named, from `examples` (e.g. a guide's Python and CLI ones). */
export function onlyWays(examples: Iterable<CodeExample>, ways: readonly Way[]): Partial<Record<Way, CodeExample[]>> {
  const all = byWay(examples);
  return Object.fromEntries(ways.flatMap((way) => (all[way] ? [[way, all[way]]] : [])));
}
