// Runs `redocly diff` on two bundled documents. The CLI is one ESM bundle with hashed chunk
// names and no programmatic export of diff, so it is spawned (about 0.7 s per run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GateError } from './errors';
import { asDiffReport, type RedoclyDiffReport } from './redocly-report';

const REDOCLY_CLI = require.resolve('@redocly/cli/bin/cli.js');
const TIMEOUT_MS = 120_000;

/**
 * Redocly reads the nearest redocly.yaml; the project's extends only `recommended`, which turns
 * every diff rule off (diff then reports no breaking change at all). The gate brings its own.
 */
const DIFF_CONFIG = 'extends:\n  - diff-recommended\n';

/** Lines of Redocly's Node 20 end-of-support banner (a box drawn with ║ ╔ ╚). */
const isBannerLine = (line: string) => /[║╔╚]/.test(line);

interface Exit {
  /** `exit 1`, or the signal that stopped it (`SIGTERM` after the timeout). */
  how: string;
  ok: boolean;
  output: string;
}

function spawnRedocly(args: string[], cwd: string): Promise<Exit> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [REDOCLY_CLI, ...args], {
      cwd,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: TIMEOUT_MS,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (status, signal) => done({ how: signal ?? `exit ${status}`, ok: status === 0, output }));
  });
}

/** Compares two OpenAPI documents; the report lists every change, with verdicts of the diff rules. */
export async function redoclyDiff(base: unknown, revision: unknown): Promise<RedoclyDiffReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'breaking-diff-'));
  try {
    fs.writeFileSync(path.join(dir, 'base.json'), JSON.stringify(base));
    fs.writeFileSync(path.join(dir, 'revision.json'), JSON.stringify(revision));
    fs.writeFileSync(path.join(dir, 'redocly.yaml'), DIFF_CONFIG);
    const { how, ok, output } = await spawnRedocly(
      ['diff', 'base.json', 'revision.json', '--format', 'json', '--output', 'report.json',
        '--fail-on', 'none', '--config', 'redocly.yaml', '--lint-config', 'off'],
      dir,
    );
    // What Redocly said, without its banner and stack frames.
    const said = output.split('\n').filter((line) => line.trim() !== '' && !isBannerLine(line) && !/^\s+at /.test(line));
    if (said.some((line) => line.includes('No diff rules are on'))) {
      throw new GateError('redocly diff ran with no diff rules on, so it could not judge anything');
    }
    const reportFile = path.join(dir, 'report.json');
    if (!ok || !fs.existsSync(reportFile)) {
      throw new GateError(`redocly diff failed (${how}): ${said.slice(-3).join(' / ') || 'no output'}`);
    }
    return asDiffReport(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
