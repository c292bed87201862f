// Golden pairs (cases.ts): every rule of the gate on a small mutation of the real contract,
// with the exact findings (at every place each reaches) and the verdict. The pairs run concurrently in a bounded pool.
// @slow 20 s alone: one Redocly diff process per pair.
import { compareContracts } from '../../scripts/breaking/gate';
import { isUndeclaredBreak, type GateResult } from '../../scripts/breaking/findings';
import { GOLDEN_CASES, type GoldenCase } from './cases';
import { inPool, realContract } from './support';

const results = new Map<string, GateResult>();

async function compare(golden: GoldenCase): Promise<void> {
  const base = realContract();
  golden.base?.(base);
  const revision = structuredClone(base);
  golden.mutate(revision);
  results.set(golden.name, await compareContracts(base, revision));
}

beforeAll(async () => {
  await inPool(GOLDEN_CASES, compare);
});

test('case names are unique', () => {
  expect(new Set(GOLDEN_CASES.map((c) => c.name)).size).toBe(GOLDEN_CASES.length);
});

test.each(GOLDEN_CASES.map((golden) => [golden.name, golden] as const))('%s', (_name, golden) => {
  const result = results.get(golden.name)!;
  // Every place a finding reaches, so a shared component's change is checked at each operation.
  const found = result.findings.flatMap((f) => [f.location, ...(f.alsoAt ?? [])].map((place) => `${f.severity} ${f.rule} @ ${place}`));
  expect(found.sort()).toEqual([...golden.findings].sort());
  expect(result.findings.some(isUndeclaredBreak) ? 'fail' : 'pass').toBe(golden.verdict);
  for (const finding of result.findings) expect(finding.change).toMatch(/→/);
});
