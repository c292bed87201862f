// Packs the kit as `npm pack` does for a user (prepack builds dist/), into a directory of the
// caller's; used by the packaging acceptance test and the package benchmark.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface PackedKit {
  tarball: string;
  files: string[];
  /** Bytes of the .tgz and of its unpacked files. */
  size: number;
  unpackedSize: number;
}

export function packKit(destination: string, env: NodeJS.ProcessEnv = process.env): PackedKit {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const output = execFileSync(npm, ['pack', '--json', '--pack-destination', destination], { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  // prepack's own output precedes npm's JSON array.
  const [info] = JSON.parse(output.slice(output.search(/^\[/m))) as Array<{ filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> }>;
  return { tarball: path.join(destination, info!.filename), files: info!.files.map((file) => file.path), size: info!.size, unpackedSize: info!.unpackedSize };
}
