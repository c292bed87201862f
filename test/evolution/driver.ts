// Drives copies of the project whose openapi/ a change has edited (evolution.test.ts), one after
// the other: for each, makes the copy's generated/ from its contract with the copy's generator,
// then runs the copy's suite as its CLI does (options, preflight, the run, the report's lines)
// against the copy's sandbox, against that sandbox behind a small proxy with one realistic bug,
// and against the copy's Prism mock. Prints one JSON line per copy: each target's preflight
// problems and its report lines. Every module is the copy's own (imported from the copy's root);
// only node_modules is shared, loaded once for all the copies this process drives. The sandbox and
// the proxy answer in process, at origins of their own, through the global fetch (as the suite's
// own tests reach the sandbox's core): no socket to share the cores with.
import fs from 'node:fs';
import path from 'node:path';
import type { Fault, Plan, TargetResult } from './plan';

/** The copy's own module (a path under its root). */
const fromCopy = <T>(root: string, module: string): Promise<T> => import(path.join(root, module)) as Promise<T>;

async function generate(root: string): Promise<void> {
  const { renderGenerated } = await fromCopy<typeof import('../../scripts/generate/render')>(root, 'scripts/generate/render');
  const files = await renderGenerated(path.join(root, 'openapi/openapi.yaml'));
  for (const [name, content] of files) fs.writeFileSync(path.join(root, 'generated', name), content);
}

type FetchLike = (request: Request) => Promise<Response>;

/** The municipality list answered for a path of `GET …/municipalities/{uuid}/`, so a fault can answer another. */
async function another(sandbox: FetchLike, request: Request, uuid: string): Promise<string> {
  const url = new URL('/api/v1/municipalities/', request.url);
  const page = (await (await sandbox(new Request(url, { headers: request.headers }))).json()) as { results: Array<{ uuid: string }> };
  const others = page.results.filter((m) => m.uuid.toLowerCase() !== uuid.toLowerCase());
  return others[0]?.uuid ?? uuid;
}

/** The deployment with one fault: a realistic bug that ignores the change. */
function faulty(sandbox: FetchLike, fault: Fault): FetchLike {
  return async (request) => {
    const url = new URL(request.url);
    switch (fault.kind) {
      case 'drop-parameter':
        // A deployment that does not know the new filter: it ignores it.
        if (!url.searchParams.has(fault.name)) return sandbox(request);
        url.searchParams.delete(fault.name);
        return sandbox(new Request(url, { method: request.method, headers: request.headers }));
      case 'default-parameter':
        // A deployment that never made the parameter required: it takes a default instead of refusing.
        if (url.pathname !== fault.path || url.searchParams.has(fault.name)) return sandbox(request);
        url.searchParams.set(fault.name, fault.value);
        return sandbox(new Request(url, { method: request.method, headers: request.headers }));
      case 'another-item': {
        // A retrieve that answers another item than the one addressed (an off-by-one in its lookup).
        const match = new RegExp(`^${fault.prefix}([^/]+)/$`).exec(url.pathname);
        if (!match || request.method !== 'GET') return sandbox(request);
        url.pathname = `${fault.prefix}${await another(sandbox, request, decodeURIComponent(match[1]!))}/`;
        return sandbox(new Request(url, { method: request.method, headers: request.headers }));
      }
      case 'field-value': {
        // A deployment that serves the new field, but not as the contract types it.
        const answer = await sandbox(request);
        if (url.pathname !== fault.path || answer.status !== 200) return answer;
        const body = (await answer.json()) as { results?: Array<Record<string, unknown>> };
        for (const item of body.results ?? []) item[fault.name] = fault.value;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
    }
  };
}

const network = globalThis.fetch;
/** The in-process deployments of the copy being driven, by origin; any other origin goes to the network (the mock). */
const targets = new Map<string, FetchLike>();
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const target = targets.get(new URL(request.url).origin);
  return target ? target(request) : network(request);
}) as typeof fetch;

async function evolve(root: string, plan: Plan): Promise<Record<string, TargetResult>> {
  const t0 = performance.now();
  const mark = (what: string) => process.env.EVOLUTION_TIMES && console.error(`${path.basename(root)} ${what}: ${Math.round(performance.now() - t0)} ms, cpu ${Math.round(process.cpuUsage().user / 1000)} ms`);
  await generate(root);
  mark('generated');
  const { parseOptions } = await fromCopy<typeof import('../../conformance/options')>(root, 'conformance/options');
  const { preflight } = await fromCopy<typeof import('../../conformance/preflight')>(root, 'conformance/preflight');
  const { runSuite } = await fromCopy<typeof import('../../conformance/suite')>(root, 'conformance/suite');
  const { buildReport } = await fromCopy<typeof import('../../conformance/report/model')>(root, 'conformance/report/model');
  const { startMock } = await fromCopy<typeof import('../../conformance/targets')>(root, 'conformance/targets');
  const { createSandbox, DEFAULT_CREDENTIALS } = await fromCopy<typeof import('../../sandbox/core')>(root, 'sandbox/core');
  mark('loaded');

  const run = async (argv: string[], baseUrl: string): Promise<TargetResult> => {
    const parsed = parseOptions([...argv, '--quiet'], {}, root);
    if (parsed === 'help') throw new Error('help');
    const config = { ...parsed.config, baseUrl };
    const problems = await preflight(config);
    if (problems.length) return { problems, lines: [] };
    const { results, durationMs } = await runSuite(config);
    const report = buildReport(config, results, durationMs);
    return { problems, lines: report.lines.map(({ rule, operationId, outcome, message }) => ({ rule, operationId, outcome, message })), requests: report.requests.sent };
  };
  const out: Record<string, TargetResult> = {};
  // Each sandbox answers a later turn of the event loop, as over a socket (runs side by side get their turns).
  const core = (): FetchLike => {
    const sandbox = createSandbox({ credentials: DEFAULT_CREDENTIALS, log: () => undefined });
    return (request) => new Promise((resolve) => setImmediate(resolve)).then(() => sandbox.fetch(request));
  };
  targets.set('http://sandbox.test', core());
  targets.set('http://faulty.test', faulty(core(), plan.fault));
  // As `--sandbox` runs: the sandbox's credentials, writes on.
  const live = ['--sandbox', '--seed', String(plan.seed), ...plan.live];
  const mock = await startMock(); // its start overlaps the live runs
  try {
    [out.sandbox, out.faulty] = await Promise.all([run(live, 'http://sandbox.test'), run(live, 'http://faulty.test')]);
    mark('live runs');
    out.mock = await run(['--seed', String(plan.seed), ...plan.mock], mock.url);
    mark('mock run');
  } finally {
    await mock.stop();
    targets.clear();
  }
  return out;
}

/** argv[2]: the copies to drive, `[{ root, plan }]`; one line each on stdout, `{ root, results }` or `{ root, error }`. */
async function main(): Promise<void> {
  const copies = JSON.parse(process.argv[2]!) as Array<{ root: string; plan: Plan }>;
  for (const { root, plan } of copies) {
    const line = await evolve(root, plan).then(
      (results) => ({ root, results }),
      (error: unknown) => ({ root, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}

void main();
