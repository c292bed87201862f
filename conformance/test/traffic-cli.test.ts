// `conformance judge`, `conformance proxy` and `--har` as QA runs them (the CLI as a process):
// exit codes, the coverage gate, reports written when the proxy stops, a run's HAR judged clean.
import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_CREDENTIALS } from './support/sandbox';
import { servedSandbox, spawnCli } from './support/cli';
import { VIOLATIONS_HEADER } from '../traffic/proxy';

function start(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawnCli(args, env);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', () => undefined);
  const done = new Promise<{ code: number | null; stdout: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout })));
  return { child, done, output: () => stdout };
}
const cli = (args: string[], env?: NodeJS.ProcessEnv) => start(args, env).done;

const served = servedSandbox('conformance-traffic-cli-');
const exchange = (body: unknown) => JSON.stringify({
  request: { method: 'GET', url: 'https://api.example/api/v1/municipalities/', headers: { authorization: 'Bearer k' } },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
});

test('judge: a failing exchange fails with its rule; coverage under --min-coverage fails the gate', async () => {
  const log = path.join(served.dir, 'gateway.ndjson');
  fs.writeFileSync(log, `${exchange({ count: 1, next: null, previous: null, results: [{ uuid: 1 }] })}\n`);
  const result = await cli(['judge', log, '--report', path.join(served.dir, 'judged'), '--min-coverage', '90']);
  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(/^FAIL {2}body_matches_schema +municipalitiesList /m);
  expect(result.stdout).toMatch(/^Coverage gate: FAIL — [\d.]+% is below --min-coverage 90%$/m);
  expect(fs.readdirSync(path.join(served.dir, 'judged')).sort()).toEqual(['coverage.json', 'failures.json', 'junit.xml', 'report.html', 'results.json', 'results.sarif', 'summary.md', 'traffic-coverage.json']);
});

test('--har exports a run, and judge finds that run clean', async () => {
  const har = path.join(served.dir, 'run.har');
  const run = await cli(['--base-url', served.url, '--only', 'lists', '--budget', '60', '--har', har, '--report', path.join(served.dir, 'run'), '-q'], { CONFORMANCE_TOKEN: SANDBOX_CREDENTIALS.token });
  expect(run.code).toBe(0);
  expect(fs.readFileSync(har, 'utf8')).not.toContain(SANDBOX_CREDENTIALS.token);
  const judged = await cli(['judge', har, '--report', path.join(served.dir, 'run-judged')]);
  expect(judged.stdout).toMatch(/^Verdict: PASS — 0 failed/m);
  expect(judged.stdout).toMatch(/^Contract coverage of the traffic: [\d.]+%/m);
  expect(judged.code).toBe(0);
});

test('proxy: passes answers on, and writes the reports when it gets SIGTERM', async () => {
  const proxy = start(['proxy', '--upstream', served.url, '--report', path.join(served.dir, 'proxied')]);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(proxy.output());
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    });
    void proxy.done.then(() => reject(new Error(`proxy exited: ${proxy.output()}`)));
  });
  const direct = await fetch(`${served.url}/api/v1/municipalities/`, { headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.token}` } });
  const proxied = await fetch(`${url}/api/v1/municipalities/`, { headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.token}` } });
  expect(proxied.status).toBe(200);
  expect(proxied.headers.get(VIOLATIONS_HEADER)).toBeNull();
  // Links built from the Host the client sent lead back through the proxy; the rest is the same bytes.
  expect((await proxied.text()).replaceAll(url, served.url)).toBe(await direct.text());
  proxy.child.kill('SIGTERM');
  const result = await proxy.done;
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^Verdict: PASS/m);
  expect(fs.existsSync(path.join(served.dir, 'proxied', 'junit.xml'))).toBe(true);
  expect(fs.readFileSync(path.join(served.dir, 'proxied', 'report.html'), 'utf8')).toContain('<h1>Conformance: PASS</h1>');
});
