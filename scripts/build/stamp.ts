// Whether dist/ is what `npm run build` would write now. The build leaves a stamp in dist/: a
// SHA-256 over every input (the parts the entries are compiled from, the contract's reference
// page, the build's configuration, the lock file that fixes every dependency it reads) and one
// over every file it wrote. `--if-stale` (prepare, prepack) skips the build while both match:
// npm runs prepare on the repository's own `npm ci` and twice on a git install.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const STAMP = '.build-stamp.json';
/** Read by the build, whole folders (tests too: a change there costs one needless build, never a stale one). */
const INPUT_DIRS = ['bin', 'client', 'conformance', 'generated', 'mock', 'protocol', 'sandbox', 'strength', 'scripts/build'];
const INPUT_FILES = ['docs/index.html', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

interface Stamp {
  inputs: string;
  outputs: string;
}

/** Every file under `dir` (relative to `root`), sorted; none when it does not exist. */
function filesUnder(root: string, dir: string, skip: (name: string) => boolean = () => false): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => !skip(entry.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(root, path.join(dir, entry.name), skip) : [path.join(dir, entry.name)]))
    .sort();
}

/** One digest over the files' paths and bytes (a missing file counts as such). */
function digest(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    try {
      hash.update(fs.readFileSync(path.join(root, file)));
    } catch {
      hash.update('(missing)');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

const inputs = (root: string) => digest(root, [...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir, (name) => name === 'node_modules')), ...INPUT_FILES]);
const outputs = (root: string, dist: string) => digest(root, filesUnder(root, path.relative(root, dist), (name) => name === STAMP));

/** True when dist/ was built from the inputs as they are now and is unchanged since. */
export function distIsFresh(root: string, dist: string): boolean {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(dist, STAMP), 'utf8')) as Stamp;
  } catch {
    return false;
  }
  return stamp.outputs === outputs(root, dist) && stamp.inputs === inputs(root);
}

/** Records what dist/ was just built from, and what it holds. */
export function writeStamp(root: string, dist: string): void {
  const stamp: Stamp = { inputs: inputs(root), outputs: outputs(root, dist) };
  fs.writeFileSync(path.join(dist, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
}
