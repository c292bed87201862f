// "Ready means ready", as tools that wait for a port use the mock (wait-on, start-server-and-test,
// Playwright's webServer): start `npm start`'s command, poll the port until it accepts a TCP
// connection, send the first request at once, and it must get the answer it would get later.
// The mock listens on port 0; the test watches the port it opens (as such a tool watches one).
// (mock/start.test.ts runs the CLI as the conformance suite does, with `node --import tsx`.)
// @slow 30 s alone: 20 starts of the mock, each starting Prism.
import fs from 'node:fs';
import path from 'node:path';
import { validatorFor } from '../protocol/validation';
import { listeningPort, spawnChild } from '../test/support/children';
import { createClient, runBounded, type TestResponse } from './test/test-client';

const ROOT = path.resolve(__dirname, '..');
// `npm start`'s own command line from package.json (`node …`), without npm in between.
const START_ARGS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .slice(1);
const STARTS = 20;
// Each start is ~2 s, mostly Prism loading; a few at a time keep 2 shared cores busy, not swamped.
const AT_ONCE = 3;
const PUBLISHED_401 = { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' };

interface FirstAnswer {
  credential: boolean;
  response: TestResponse;
  stderr: string;
}

/** Starts the CLI, waits for its port as a port-waiting tool does, and sends one request. */
async function firstAnswer(index: number): Promise<FirstAnswer> {
  const child = spawnChild(process.execPath, START_ARGS, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let client: ReturnType<typeof createClient> | undefined;
  try {
    // Until it listens or exits: a start that never ends is the watchdog's (test/support/clock.ts).
    const port = await listeningPort(child.pid!, () => (child.exitCode !== null ? stderr || `exited with ${child.exitCode}` : undefined));
    client = createClient(`http://127.0.0.1:${port}`);
    // Alternate: the credential path (Prism's example) and the published 401.
    const credential = index % 2 === 0;
    const response = await client.send({ path: '/api/v1/municipalities/', headers: credential ? { authorization: 'Bearer demo-key' } : {} });
    return { credential, response, stderr };
  } finally {
    client?.close();
    child.kill('SIGTERM');
    const exitCode = await exited;
    if (exitCode !== 0) throw new Error(`the mock exited with ${exitCode} on SIGTERM: ${stderr}`);
  }
}

test(`the first request after the port opens gets a correct answer, ${STARTS} starts in a row`, async () => {
  const answers = await runBounded(STARTS, AT_ONCE, firstAnswer);
  const wrong = answers
    .map(({ credential, response, stderr }, index) => {
      const problem = credential
        ? response.status !== 200
          ? `expected 200, got ${response.status}`
          : validatorFor('municipalitiesList', 200)!(response.json).errors.join('; ')
        : response.status !== 401 || JSON.stringify(response.json) !== JSON.stringify(PUBLISHED_401)
          ? `expected the published 401, got ${response.status}`
          : '';
      return problem || stderr ? `start ${index}: ${problem} ${response.text.slice(0, 200)} ${stderr}` : '';
    })
    .filter(Boolean);
  expect(wrong).toEqual([]);
  // No timeout of its own: 20 starts took 84 s beside another run at load 21; only a hang is the watchdog's.
});
