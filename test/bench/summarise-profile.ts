// node test/bench/summarise-profile.ts <file.cpuprofile | folder> [--skip-seconds=N] [--top=N]: where the
// main JavaScript thread's time went in a `node --cpu-prof` profile of the bundled server (LOAD_CPU_PROF in
// test/bench/signin-load.ts). Self time by package and by function. The bundle keeps a `// <path>` line
// before each module it inlines, so a sample's line number names its source module and package.
// Not in this profile: libuv's threadpool (argon2id runs there) and V8's helper threads; the load bench
// reports those per thread from /proc.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const skipMs = option('skip-seconds', 0) * 1000;
const top = option('top', 25);
const target = args.find((arg) => !arg.startsWith('--'));
if (!target)
  throw new Error('usage: summarise-profile.ts <file.cpuprofile | folder> [--skip-seconds=N] [--top=N]');
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => join(target, name))
  : [target];

/** Per bundle chunk: the start lines (0-based) of the modules inlined in it, with their source paths. */
const moduleStarts = new Map<string, Array<{ line: number; path: string }>>();
function moduleAt(url: string, line: number): string | undefined {
  if (!url.startsWith('file://')) return undefined;
  const external = url.split('/node_modules/')[1];
  if (external) return `node_modules/${external}`;
  let starts = moduleStarts.get(url);
  if (!starts) {
    starts = [];
    const lines = readFileSync(fileURLToPath(url), 'utf8').split('\n');
    for (const [index, text] of lines.entries()) {
      const path = /^\/\/ ((?:node_modules|server|api|shared|i18n|brand)\/\S+\.[cm]?[jt]sx?)$/.exec(
        text,
      )?.[1];
      if (path) starts.push({ line: index, path });
    }
    moduleStarts.set(url, starts);
  }
  let found: string | undefined;
  for (const start of starts) {
    if (start.line > line) break;
    found = start.path;
  }
  return found ?? url;
}

/** A package name (`hono`, `@node-rs/argon2`), `foyer: <folder>` for the project's own code, or Node's. */
function packageOf(frame: CallFrame): string {
  const { functionName, url } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native / V8 builtins)';
  if (url.startsWith('node:'))
    return `node:${
      url
        .slice(5)
        .replace(/^internal\//, '')
        .split('/')[0]
    }`;
  const module = moduleAt(url, frame.lineNumber) ?? url;
  const inModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (inModules) return inModules[1] ?? module;
  return `foyer: ${module.split('/').slice(0, 2).join('/')}`;
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
/** Native calls (socket writes, crypto) have no source: each is also counted under its first caller outside Node. */
const nativeByCaller = new Map<string, number>();
const nameOf = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'}${frame.url ? ` ${moduleAt(frame.url, frame.lineNumber) ?? frame.url}:${frame.lineNumber + 1}` : ''}`;
let total = 0;
let idle = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const jsCaller = (node: ProfileNode) => {
    let caller = parents.get(node.id);
    // Past Node's own stream and socket layers, to the package that asked for the write.
    while (caller && (!caller.callFrame.url || caller.callFrame.url.startsWith('node:')))
      caller = parents.get(caller.id);
    return caller;
  };
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    elapsed += delta;
    const node = nodes.get(id);
    if (!node || elapsed < skipMs) return;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    total += delta;
    const pack = packageOf(frame);
    byPackage.set(pack, (byPackage.get(pack) ?? 0) + delta);
    const name = nameOf(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    const caller = !frame.url && !frame.functionName.startsWith('(') ? jsCaller(node) : undefined;
    if (caller) {
      const key = `${frame.functionName} ← ${nameOf(caller.callFrame)}`;
      nativeByCaller.set(key, (nativeByCaller.get(key) ?? 0) + delta);
    }
  });
}

const rows = (map: Map<string, number>) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), share: `${((ms / total) * 100).toFixed(1)} %` }));

console.log(
  `${files.length} profile(s); main thread busy ${Math.round(total)} ms, idle ${Math.round(idle)} ms` +
    ` (${((total / (total + idle)) * 100).toFixed(0)} % busy)`,
);
console.log('Self time by package:');
console.table(rows(byPackage));
console.log('Self time by function:');
console.table(rows(byFunction));
console.log('Native calls by JavaScript caller:');
console.table(rows(nativeByCaller).slice(0, 15));
