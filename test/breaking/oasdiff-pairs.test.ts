// The gate on oasdiff's line (oasdiff-pairs.ts): every ERR pair refused, every INFO pair passed,
// each WARN pair as its row says. All pairs but the few that change the document's root are
// compared in one run, side by side (pairs-document.ts); each finding must belong to one pair.
import { isUndeclaredBreak, type JudgedFinding } from '../../scripts/breaking/findings';
import { compareContracts } from '../../scripts/breaking/gate';
import { OASDIFF_PAIRS, type Pair, type Verdict } from './oasdiff-pairs';
import { belongsTo, documentOf, sideBySide } from './pairs-document';
import { inPool } from './support';

const placesOf = (finding: JudgedFinding) => [finding.location, ...(finding.alsoAt ?? []), ...(finding.definedAt ? [finding.definedAt] : [])];
const line = (finding: JudgedFinding) => `${finding.severity} ${finding.rule} @ ${finding.location}: ${finding.change}`;

const indexed = OASDIFF_PAIRS.map((pair, index) => ({ pair, index }));
const together = indexed.filter(({ pair }) => !pair.alone);
const alone = indexed.filter(({ pair }) => pair.alone);

/** The findings of each pair, by index; findings no pair owns under `stray`. */
const findingsOf = new Map<number, JudgedFinding[]>();
const stray: JudgedFinding[] = [];

beforeAll(async () => {
  const base = sideBySide(together.map(({ pair, index }) => ({ index, side: pair.base })));
  const revision = sideBySide(together.map(({ pair, index }) => ({ index, side: pair.revision })));
  const runs = [
    async () => {
      const { findings } = await compareContracts(base, revision);
      for (const finding of findings) {
        const owners = together.filter(({ index }) => placesOf(finding).some((place) => belongsTo(place, index)));
        if (owners.length !== 1) stray.push(finding);
        else findingsOf.set(owners[0]!.index, [...(findingsOf.get(owners[0]!.index) ?? []), finding]);
      }
    },
    ...alone.map(({ pair, index }) => async () => {
      findingsOf.set(index, (await compareContracts(documentOf(pair.base), documentOf(pair.revision))).findings);
    }),
  ];
  await inPool(runs, (run) => run());
});

test('every finding belongs to exactly one pair', () => {
  expect(stray.map(line)).toEqual([]);
});

const verdictOf = (index: number): Verdict => ((findingsOf.get(index) ?? []).some(isUndeclaredBreak) ? 'refused' : 'passed');

const title = ({ rules, level, verdict, why }: Pair) => `${level} ${rules.join(' + ')} is ${verdict}${why ? ` (${why})` : ''}`;

describe.each([...new Set(OASDIFF_PAIRS.map((pair) => pair.family))])('%s', (family) => {
  test.each(indexed.filter(({ pair }) => pair.family === family).map(({ pair, index }) => [title(pair), index, pair] as const))('%s', (_title, index, pair) => {
    // The findings are in the message, so a wrong verdict shows what the gate said.
    const findings = (findingsOf.get(index) ?? []).map(line);
    expect({ verdict: verdictOf(index), findings }).toEqual({ verdict: pair.verdict, findings });
  });
});

test('the table holds every ERR family it claims and its counts add up', () => {
  const count = (level: string, verdict: Verdict) => OASDIFF_PAIRS.filter((p) => p.level === level && p.verdict === verdict).length;
  // ERR pairs are refused, INFO pairs passed, without exception.
  expect({ errPassed: count('ERR', 'passed'), infoRefused: count('INFO', 'refused') }).toEqual({ errPassed: 0, infoRefused: 0 });
  for (const pair of OASDIFF_PAIRS.filter((p) => p.level === 'WARN')) expect(pair.why).toBeDefined();
});
