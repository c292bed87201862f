// The processes a run left behind: every process `npm test` starts carries a marker in its
// environment (children inherit it), so after the last step any process still carrying it was
// started by this run and outlived it. Linux /proc; elsewhere the check says it cannot look.
import fs from 'node:fs';

export const RUN_MARKER = 'CMDS_CONTRACT_KIT_TEST_RUN';

export interface Leftover {
  pid: number;
  command: string;
}

/** Whether this system lets us read other processes' environments (/proc). */
export const canScan = () => fs.existsSync('/proc/self/environ');

/** Processes other than this one whose environment has `RUN_MARKER=<runId>`. */
export function findLeftovers(runId: string): Leftover[] {
  const entry = `${RUN_MARKER}=${runId}`;
  const found: Leftover[] = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (!fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(entry)) continue;
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      found.push({ pid, command });
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return found;
}

/** Leftovers once processes that are just exiting had `graceMs` to go; each still there is SIGKILLed. */
export async function reapLeftovers(runId: string, graceMs = 3000): Promise<Leftover[]> {
  const deadline = Date.now() + graceMs;
  let left = findLeftovers(runId);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = findLeftovers(runId);
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return left;
}
