// The start-up freshness check: fingerprints of openapi/ against those generated/ recorded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_DIR } from '../protocol/freshness';
import { staleProblem } from './freshness';

let copy: string;
beforeEach(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-contract-'));
  fs.cpSync(CONTRACT_DIR, copy, { recursive: true });
});
afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

test('the contract as committed is fresh', () => {
  expect(staleProblem(copy)).toBeUndefined();
});

test('a changed, an added and a removed file are named in one line with the fix', () => {
  fs.appendFileSync(path.join(copy, 'schemas/Watchdog.yaml'), '\n# changed\n');
  fs.writeFileSync(path.join(copy, 'schemas/Extra.yaml'), 'type: string\n');
  fs.rmSync(path.join(copy, 'parameters/Q.yaml'));
  expect(staleProblem(copy)).toBe(
    'generated/ is stale: openapi/parameters/Q.yaml, openapi/schemas/Extra.yaml, openapi/schemas/Watchdog.yaml changed since it was made; run npm run generate',
  );
});

test('without openapi/ there is nothing to compare: no complaint', () => {
  expect(staleProblem(path.join(copy, 'missing'))).toBeUndefined();
});
