// results.sarif as GitHub code scanning reads it: valid SARIF 2.1.0 (the OASIS schema, fixtures/),
// each failing rule × operation line a result with its rule, message and level, located at the
// operation's method key in its path file under openapi/ (paths from the repository's root, as
// code scanning shows them on the contract); the catalog as the driver's rules with their
// summaries; warnings not results; a known failure suppressed by the baseline; a run cut short an
// invocation that did not succeed.
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { operationSources } from '../../generated/sources';
import { applyBaseline, baselineOf } from '../baseline/baseline';
import type { Report } from '../report/model';
import { renderSarif } from '../report/sarif';
import { RULES } from '../rules/index';
import { BROKEN_INPUTS } from '../../strength/tables/inputs';
import { faulty, isAnswer, type FaultSpec } from '../../strength/faulty';
import { judge } from './support/judge';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The OASIS schema is draft-04; its keywords mean the same in draft-07, Ajv's default, but for
 * `id`, which draft-07 spells `$id`.
 */
function sarifValidator() {
  const { $schema: _draft04, id, ...schema } = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures/sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile({ ...schema, $id: id as string });
}

interface SarifLog {
  version: string;
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string } }> } };
    invocations: Array<{ executionSuccessful: boolean; properties: Record<string, unknown>; toolExecutionNotifications?: Array<{ message: { text: string } }> }>;
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } }; logicalLocations?: Array<{ name: string }> }>;
      suppressions?: unknown[];
      baselineState?: string;
    }>;
  }>;
}

const fault = (name: string) => BROKEN_INPUTS.find((c) => c.name === name)!.spec;
const crashes: FaultSpec = {
  async request(seen, sandbox) {
    const first = await fault('the municipality list crashes when q holds a % (unescaped LIKE)').request!(seen, sandbox);
    return isAnswer(first) ? first : fault('activate does not check the name length').request?.(first, sandbox) ?? first;
  },
  response: fault('a population serialised as a string').response,
};
const validate = sarifValidator();
const sarif = (report: Report) => JSON.parse(renderSarif(report)) as SarifLog;
const failingLines = (report: Report) => report.lines.filter((l) => l.outcome === 'fail').map((l) => `${l.rule} ${l.operationId}`).sort();

let report: Report;
beforeAll(async () => {
  report = await judge(faulty(crashes), { areas: ['inputs', 'lists'], seed: 4, budget: 1500 });
  expect(failingLines(report).length).toBeGreaterThan(2);
});

test('a failing run is valid SARIF 2.1.0: a result per failing line, with its rule, level and message', () => {
  const log = sarif(report);
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  // The schema does refuse what is not SARIF 2.1.0.
  expect(validate({ ...log, runs: [{ ...log.runs[0], results: [{ ...log.runs[0]!.results[0], level: 'fatal' }] }] })).toBe(false);
  const [run] = log.runs;
  expect(run!.results.map((r) => `${r.ruleId} ${r.locations[0]!.logicalLocations?.[0]?.name ?? '-'}`).sort()).toEqual(failingLines(report));
  for (const result of run!.results) {
    expect(result.level).toBe('error');
    expect(run!.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
    expect(result.message.text).toMatch(/^\w+: .+/);
  }
  // Warnings are the contract leaving something open: not results.
  expect(report.lines.some((l) => l.outcome === 'warn')).toBe(true);
  expect(run!.invocations[0]).toMatchObject({ executionSuccessful: true, properties: { verdict: 'fail', seed: 4 } });
});

test('each result is located at its operation in openapi/: the path file and the line of its method key', () => {
  for (const result of sarif(report).runs[0]!.results) {
    expect(result.locations).toHaveLength(1);
    const { artifactLocation, region } = result.locations[0]!.physicalLocation;
    const operationId = result.locations[0]!.logicalLocations![0]!.name;
    expect(artifactLocation.uri).toMatch(/^openapi\/paths\/[\w-]+\.yaml$/);
    const lines = fs.readFileSync(path.join(ROOT, artifactLocation.uri), 'utf8').split('\n');
    expect(lines[region.startLine - 1]).toMatch(/^(get|put|post|delete|options|head|patch|trace):\s*$/);
    // The operationId under that key is the result's operation.
    const next = lines.slice(region.startLine).findIndex((line) => /^\S/.test(line));
    expect(lines.slice(region.startLine, next < 0 ? undefined : region.startLine + next).join('\n')).toMatch(new RegExp(`^\\s+operationId: ${operationId}$`, 'm'));
  }
  // The table covers every operation the catalog judges.
  expect(Object.keys(operationSources).sort()).toEqual([...new Set(RULES.flatMap((r) => r.operations))].sort());
});

test('the driver lists every rule of the catalog with its summary', () => {
  const rules = sarif(report).runs[0]!.tool.driver.rules;
  expect(rules.map((r) => [r.id, r.shortDescription.text])).toEqual(RULES.map((r) => [r.name, r.summary]));
});

test('with a baseline, a known line is a suppressed result (unchanged), the others new', () => {
  const known = applyBaseline(report, { ...baselineOf(report), entries: baselineOf(report).entries.filter((e) => e.rule === 'no_server_error') }, 'known.json');
  const log = sarif(known);
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  const results = log.runs[0]!.results;
  expect(results.filter((r) => r.suppressions).map((r) => [r.ruleId, r.baselineState])).toEqual(expect.arrayContaining([['no_server_error', 'unchanged']]));
  expect(results.filter((r) => !r.suppressions).every((r) => r.baselineState === 'new' && r.ruleId !== 'no_server_error')).toBe(true);
});

test('a run cut short is an invocation that did not succeed, saying what was not judged', () => {
  const incomplete: Report = { ...report, incomplete: { reason: 'interrupted by SIGINT', finished: ['inputs (deterministic)'], stopped: [{ phase: 'lists (deterministic)', why: 'interrupted by SIGINT' }] } };
  const log = sarif(incomplete);
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  const [invocation] = log.runs[0]!.invocations;
  expect(invocation).toMatchObject({ executionSuccessful: false, properties: { complete: false, incomplete: incomplete.incomplete } });
  expect(invocation!.toolExecutionNotifications![0]!.message.text).toMatch(/^INCOMPLETE: interrupted by SIGINT;[^]*lists \(deterministic\) — interrupted by SIGINT/);
});
