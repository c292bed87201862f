// `npm run check:generated` names the stale file when openapi/ changes without regenerating,
// and `npm run generate` is deterministic. Runs the real command: openapi-typescript is ESM
// inside and does not load under Jest's CommonJS runtime. `node --import tsx`: one process per
// run, as npm's scripts do.
// @slow 10 s alone: four runs of the generator.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const generate = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/generate/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-'));
  fs.cpSync(path.join(ROOT, 'openapi'), path.join(work, 'openapi'), { recursive: true });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// The committed generated/ was made by an earlier run, in another checkout: equal bytes from this
// run show the generation is deterministic across runs and places.
test('generating again gives the bytes of the committed generated/, file for file', () => {
  const out = path.join(work, 'again');
  expect(generate('--out', out).status).toBe(0);
  expect(fs.readdirSync(out).sort()).toEqual(fs.readdirSync(path.join(ROOT, 'generated')).sort());
  for (const name of fs.readdirSync(path.join(ROOT, 'generated'))) {
    expect({ name, bytes: fs.readFileSync(path.join(out, name), 'utf8') }).toEqual({ name, bytes: fs.readFileSync(path.join(ROOT, 'generated', name), 'utf8') });
  }
});

test('a maxLength edited in openapi/ without regenerating fails the check and names the stale files', () => {
  const file = path.join(work, 'openapi/schemas/WatchdogRequest.yaml');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('maxLength: 200', 'maxLength: 150'));
  const entry = path.join(work, 'openapi/openapi.yaml');
  const check = generate('--check', '--entry', entry);
  expect(check.status).toBe(1);
  expect(check.stderr).toContain('generated/ is stale');
  expect(check.stderr).toContain('generated/openapi.json');
  expect(check.stderr).toContain('generated/validators.cjs');
  expect(check.stderr).not.toContain('generated/index.ts');
  // Regenerating from the edited contract makes the check pass again.
  const out = path.join(work, 'regenerated');
  expect(generate('--entry', entry, '--out', out).status).toBe(0);
  expect(generate('--check', '--entry', entry, '--out', out).status).toBe(0);
});

describe('generated/sources.ts: the start-up check without regenerating (protocol/freshness.ts)', () => {
  // Imported lazily: it reads the committed fingerprints, which the test above does not change.
  const { staleSources } = require('../../protocol/freshness') as typeof import('../../protocol/freshness');

  test('the committed openapi/ matches the fingerprints recorded in generated/', () => {
    expect(staleSources()).toEqual([]);
  });

  test('an edited, an added and a removed source file are each named', () => {
    const copy = path.join(work, 'fingerprints');
    fs.cpSync(path.join(ROOT, 'openapi'), copy, { recursive: true });
    expect(staleSources(copy)).toEqual([]);
    fs.appendFileSync(path.join(copy, 'schemas/Watchdog.yaml'), '\n# edited\n');
    fs.writeFileSync(path.join(copy, 'schemas/Extra.yaml'), 'type: string\n');
    fs.rmSync(path.join(copy, 'examples/watchdog-ch.yaml'));
    expect(staleSources(copy)).toEqual(['examples/watchdog-ch.yaml', 'schemas/Extra.yaml', 'schemas/Watchdog.yaml']);
  });
});
