// Start time: from the launch of a server's process to its first 200 for the municipality list,
// over several launches in alternating order (medians). Besides the Prism mock and the sandbox it
// times two floors: Prism alone (no front, no tsx, no contract check) and a bare node:http
// server launched through tsx, so each figure can be read as a ratio to what it builds on.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from './free-port';
import { npmScriptArgs, spawnTracked, stopChild, TSX } from './children';
import { makeTempDir, removeTempDir } from './temp-dir';
import { median } from './timing';

export type StartName = 'mock' | 'sandbox' | 'prism' | 'bare';

interface Launch {
  label: string;
  /** Node arguments. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The ready line the server prints, if it has one (timed as well). */
  ready?: RegExp;
}

const PRISM_CLI = require.resolve('@stoplight/prism-cli/dist/index.js');
const LIST_PATH = '/api/v1/municipalities/';

/** How each server is launched on `port`, as its README tells a user or a script to. */
function launches(port: number, token: string, bareFile: string): Record<StartName, Launch> {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  return {
    mock: { label: `Prism mock (npm start: node ${npmScriptArgs('start').join(' ')})`, args: npmScriptArgs('start'), env, ready: /^Mock listening on / },
    sandbox: {
      label: 'sandbox (npm run sandbox: node --import tsx sandbox/main.ts)',
      args: [...TSX, 'sandbox/main.ts'],
      env: { ...env, SANDBOX_TOKEN: token },
      ready: /^Sandbox listening on /,
    },
    prism: {
      label: 'floor: Prism alone (node prism-cli mock)',
      args: [PRISM_CLI, 'mock', '-h', '127.0.0.1', '-p', String(port), '--cors=false', '-v', 'silent', 'generated/openapi.json'],
      env: { ...env, FORCE_COLOR: '0' },
    },
    bare: { label: 'floor: bare node:http (node --import tsx bench/bare-server.ts)', args: [...TSX, 'bench/bare-server.ts', bareFile], env },
  };
}

export interface StartFigures {
  name: StartName;
  label: string;
  /** Milliseconds from launch to the first 200, per launch and their median. */
  firstOkMs: number[];
  medianFirstOkMs: number;
  /** Milliseconds from launch to the ready line, where the server prints one. */
  readyLineMs?: number[];
  medianReadyLineMs?: number;
}

/**
 * Resolves with the time the list first answers 200; polls every 20 ms. A server may hold a
 * request until it can answer it (the mock holds those that arrive before Prism listens), so a
 * request gets up to 30 s before it is abandoned and sent again.
 */
function firstOk(port: number, token: string, deadline: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (performance.now() > deadline) return reject(new Error(`no 200 on port ${port} before the deadline`));
      const retry = () => setTimeout(attempt, 20);
      http
        .get({ host: '127.0.0.1', port, path: LIST_PATH, headers: { authorization: `Bearer ${token}` }, timeout: 30_000, agent: false }, (response) => {
          response.resume();
          if (response.statusCode === 200) response.once('end', () => resolve(performance.now()));
          else retry();
        })
        .once('error', retry)
        .once('timeout', function (this: http.ClientRequest) {
          this.destroy();
        });
    };
    attempt();
  });
}

async function launchOnce(launch: Launch, port: number, token: string): Promise<{ firstOkMs: number; readyLineMs?: number }> {
  const start = performance.now();
  const child = spawnTracked(launch.args, { env: launch.env });
  child.stderr!.resume();
  let readyAt: number | undefined;
  const readyLine = new Promise<void>((resolve) => {
    if (!launch.ready) return resolve();
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (readyAt === undefined && launch.ready!.test(line)) {
        readyAt = performance.now();
        resolve();
      }
    });
  });
  if (!launch.ready) child.stdout!.resume();
  const exitedEarly = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${launch.label} exited with code ${code} during start`))));
  try {
    const okAt = await Promise.race([firstOk(port, token, start + 60_000), exitedEarly]);
    await Promise.race([readyLine, exitedEarly]);
    return { firstOkMs: okAt - start, ...(readyAt !== undefined && { readyLineMs: readyAt - start }) };
  } finally {
    exitedEarly.catch(() => undefined);
    await stopChild(child);
  }
}

/** `launches` starts of each server, one at a time, in an order that rotates per launch. */
export async function benchStartTimes(names: StartName[], launchCount: number): Promise<StartFigures[]> {
  const token = randomBytes(16).toString('hex');
  const dir = makeTempDir('start');
  const bareFile = path.join(dir, 'response.json');
  fs.writeFileSync(bareFile, JSON.stringify({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{}').toString('base64') }));
  const samples = new Map(names.map((name) => [name, { firstOk: [] as number[], ready: [] as number[] }]));
  try {
    for (let round = 0; round < launchCount; round++) {
      const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
      for (const name of order) {
        const port = await freePort();
        const result = await launchOnce(launches(port, token, bareFile)[name], port, token);
        samples.get(name)!.firstOk.push(result.firstOkMs);
        if (result.readyLineMs !== undefined) samples.get(name)!.ready.push(result.readyLineMs);
      }
    }
  } finally {
    removeTempDir(dir);
  }
  return names.map((name) => {
    const { firstOk: ok, ready } = samples.get(name)!;
    return {
      name,
      label: launches(0, token, bareFile)[name].label,
      firstOkMs: ok,
      medianFirstOkMs: median(ok),
      ...(ready.length > 0 && { readyLineMs: ready, medianReadyLineMs: median(ready) }),
    };
  });
}
