// Packs the kit as `npm pack` does for a user (prepack builds dist/), into a directory of the
// caller's; used by the packaging acceptance test and the package benchmark.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface PackedKit {
  tarball: string;
  files: string[];
  /** Bytes of the .tgz and of its unpacked files. */
  size: number;
  unpackedSize: number;
}

export const npmPack = (destination: string) => ['pack', '--json', '--pack-destination', destination];
const options = (env: NodeJS.ProcessEnv) => ({ cwd: ROOT, env, encoding: 'utf8' as const, maxBuffer: 64 * 1024 * 1024 });

export function packKit(destination: string, env: NodeJS.ProcessEnv = process.env): PackedKit {
  return packed(execFileSync('npm', npmPack(destination), { ...options(env), stdio: ['ignore', 'pipe', 'pipe'] }), destination);
}

/** `npm pack --json`'s output (after prepack's) as a PackedKit. */
export function packed(output: string, destination: string): PackedKit {
  // prepack's own output precedes npm's JSON array.
  const [info] = JSON.parse(output.slice(output.search(/^\[/m))) as Array<{ filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> }>;
  return { tarball: path.join(destination, info!.filename), files: info!.files.map((file) => file.path), size: info!.size, unpackedSize: info!.unpackedSize };
}
