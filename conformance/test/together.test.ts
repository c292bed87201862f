// Requests sent at once (writes that race each other, rules/writes.ts) start together: their
// places among the requests in flight are taken at once, so none waits behind another request.
import { limiter } from '../engine/transport';
import { createRun } from '../runner/run';
import { liveConfig } from './support/sandbox';

/** A promise and its resolver. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

test('a task that takes several slots starts when all are free, and the tasks asked for after it wait behind it', async () => {
  const slot = limiter(3);
  const order: string[] = [];
  const [first, second] = [gate(), gate()];
  const running = [slot(async () => { order.push('a'); await first.opened; }), slot(async () => { order.push('b'); await second.opened; })];
  const group = slot(async () => void order.push('group'), { slots: 3 });
  const after = slot(async () => void order.push('after'));
  await new Promise((resolve) => setImmediate(resolve));
  // One slot is free, but the group asked first: the single task waits behind it.
  expect(order).toEqual(['a', 'b']);
  first.open();
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['a', 'b']);
  second.open();
  await Promise.all([...running, group, after]);
  expect(order).toEqual(['a', 'b', 'group', 'after']);
  // More slots than there are: it takes all there are.
  await expect(slot(async () => 'alone', { slots: 10 })).resolves.toBe('alone');
});

test('a run sends requests at once beside a full set of requests in flight: they reach the deployment together', async () => {
  const release = gate();
  let group = 0;
  const fetch = async (request: Request) => {
    if (new URL(request.url).searchParams.get('held') === '1') await release.opened;
    else group += 1;
    // What else of the group is in flight a turn after it arrived (requests started together arrive in one turn).
    await new Promise((resolve) => setImmediate(resolve));
    const together = group;
    await new Promise((resolve) => setImmediate(resolve));
    return new Response(JSON.stringify({ together }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const run = createRun(liveConfig(undefined, { concurrency: 4 }), { fetch });
  const spec = (purpose: string, held = false) => ({ operationId: 'municipalitiesList' as const, purpose, ...(held && { query: [['held', '1']] as Array<[string, string]> }) });
  const busy = [1, 2, 3].map((i) => run.send(spec(`busy ${i}`, true)));
  await new Promise((resolve) => setImmediate(resolve));
  const sent = run.sendTogether([spec('one'), spec('two'), spec('three')]);
  await new Promise((resolve) => setImmediate(resolve));
  // One place is free, and the three wait for theirs together.
  expect(group).toBe(0);
  release.open();
  const answers = await sent;
  await Promise.all(busy);
  expect(answers.map((a) => (a.status === 'fulfilled' ? (a.value.json as { together: number }).together : a.reason))).toEqual([3, 3, 3]);
});
