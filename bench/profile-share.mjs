// The share of a CPU profile's busy time spent in some files, and in the garbage collector.
//
//   node bench/profile-share.mjs <file.cpuprofile> [<file.cpuprofile> …] --files 'request-log(/writer)?\.js$'
//
// A sample counts for the files when any frame on its stack (the sampled one or a caller) comes
// from a file whose URL matches the pattern: the time inside them, callees included. Busy time is
// the profile's time less `(idle)`. The profiles come from `BENCH_APP_NODE_ARGS='--cpu-prof
// --cpu-prof-dir=DIR'` (bench/README.md); with `--ab`, A's and B's servers each write one, A first.
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { files: { type: 'string' } },
});
if (!args.files || files.length === 0) {
  console.error("usage: node bench/profile-share.mjs <file.cpuprofile>… --files '<regex over file URLs>'");
  process.exit(2);
}
const pattern = new RegExp(args.files);

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const inFiles = new Map();
  const matches = (id) => {
    if (inFiles.has(id)) return inFiles.get(id);
    const own = pattern.test(nodes.get(id).callFrame.url);
    const parent = parents.get(id);
    const result = own || (parent !== undefined && matches(parent));
    inFiles.set(id, result);
    return result;
  };
  let total = 0;
  let idle = 0;
  let gc = 0;
  let matched = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const name = nodes.get(id).callFrame.functionName;
    total += micros;
    if (name === '(idle)') idle += micros;
    else if (name === '(garbage collector)') gc += micros;
    else if (matches(id)) matched += micros;
  });
  const busy = total - idle;
  const share = (micros) => `${((100 * micros) / busy).toFixed(2)}%`;
  console.log(`${file}: busy ${(busy / 1000).toFixed(0)} ms; files ${share(matched)}; garbage collector ${share(gc)}`);
}
