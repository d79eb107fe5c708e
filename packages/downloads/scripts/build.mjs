// Builds dist/, what the server serves at /downloads/ (api/src/plugins/downloads.ts): the clients
// as a customer installs them from the server they use, built with it (docs/sdk.md, Installing from
// your server).
// - @coinsight/sdk and @coinsight/cli packed as npm tarballs (`pnpm pack`, which writes the
//   workspace versions in place of `workspace:*`): coinsight-sdk-<version>.tgz and a stable
//   coinsight-sdk.tgz, the same for the CLI (one bundled file: it needs nothing from a registry);
// - the Python package's wheel and sdist (packages/sdk-python/dist, its own build);
// - simple/: a package index in the "simple repository" layout pip reads (PEP 503), so
//   `pip install --index-url <server>/downloads/simple/ coinsight` needs no version in the command;
// - index.json: every file with its package, version, size and SHA-256.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** pnpm as turbo runs this build (`pnpm run` sets npm_execpath), else the pinned one through npx. */
async function pnpm() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  const { packageManager } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  return ['npx', ['-y', packageManager]];
}

const sha256 = async (file) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

async function describe(file, fields) {
  const path = join(DIST, file);
  return { ...fields, file, size: (await stat(path)).size, sha256: await sha256(path) };
}

await rm(DIST, { recursive: true, force: true });
await mkdir(DIST, { recursive: true });
const [command, prefix] = await pnpm();
const files = [];

for (const [folder, kind] of [
  ['packages/sdk', 'npm'],
  ['packages/cli', 'npm'],
]) {
  const manifest = JSON.parse(await readFile(join(ROOT, folder, 'package.json'), 'utf8'));
  await run(command, [...prefix, 'pack', '--pack-destination', DIST], { cwd: join(ROOT, folder) });
  const base = manifest.name.replace(/^@/, '').replace('/', '-');
  const file = `${base}-${manifest.version}.tgz`;
  await copyFile(join(DIST, file), join(DIST, `${base}.tgz`));
  files.push(await describe(file, { package: manifest.name, kind, version: manifest.version, stable: `${base}.tgz` }));
}

const python = join(ROOT, 'packages/sdk-python/dist');
for (const file of (await readdir(python)).sort()) {
  const [, version, rest] = /^coinsight-(\d[^-]*?)(-py3-none-any\.whl|\.tar\.gz)$/.exec(file) ?? [];
  if (!version) throw new Error(`unexpected file in packages/sdk-python/dist: ${file}`);
  await copyFile(join(python, file), join(DIST, file));
  files.push(await describe(file, { package: 'coinsight', kind: rest.endsWith('.whl') ? 'wheel' : 'sdist', version, stable: null }));
}
if (files.filter((f) => f.package === 'coinsight').length !== 2)
  throw new Error('packages/sdk-python/dist must hold one wheel and one sdist');

// PEP 503: /simple/ lists the projects, /simple/coinsight/ its files with their hashes.
const link = (href, text) => `<a href="${href}">${text}</a><br>`;
const page = (title, links) =>
  `<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.0"><title>${title}</title></head><body>\n${links.join('\n')}\n</body></html>\n`;
await mkdir(join(DIST, 'simple/coinsight'), { recursive: true });
await writeFile(join(DIST, 'simple/index.html'), page('Simple index', [link('coinsight/', 'coinsight')]));
await writeFile(
  join(DIST, 'simple/coinsight/index.html'),
  page(
    'Links for coinsight',
    files.filter((f) => f.package === 'coinsight').map((f) => link(`../../${f.file}#sha256=${f.sha256}`, f.file)),
  ),
);

await writeFile(join(DIST, 'index.json'), `${JSON.stringify({ files }, null, 2)}\n`);
console.log(files.map((f) => `${f.file} ${f.sha256}`).join('\n'));
