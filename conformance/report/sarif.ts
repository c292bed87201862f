// results.sarif: SARIF 2.1.0, as GitHub code scanning reads it. Each failing rule × operation line
// is a result at the operation's place in the contract (its path file under openapi/ and the line
// of its method key, from generated/sources.ts, so an installed kit locates it too), the rules are
// the catalog with their summaries. A line the baseline makes known is a result suppressed by it
// (baselineState `unchanged`); with a baseline the others are `new`. Warnings are not results:
// they are what the contract leaves open, never a defect of the deployment or of the contract
// (they are counted in the invocation's properties, and listed in the other reports). A run cut
// short is an invocation that did not succeed, with a notification saying what was not judged.
import { createHash } from 'node:crypto';
import { contractSource, operationSources } from '../../generated/sources';
import { RULES } from '../rules/index';
import { incompleteLines, reproduce, verdictLabel } from './console';
import type { Line, Report } from './model';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Failures a result shows with their curl, at most. */
const CURLS_PER_RESULT = 3;

const location = (operationId: string) => operationSources[operationId] ?? contractSource;

function result(line: Line, ruleIndex: number, report: Report) {
  const where = location(line.operationId);
  const curls = [...new Set(line.evidence.flatMap((f) => (f.curl ? [f.curl] : [])))].slice(0, CURLS_PER_RESULT);
  const failures = [...new Set(line.evidence.flatMap((f) => (f.failure !== undefined ? [f.failure] : [])))].sort((a, b) => a - b);
  const operation = line.operationId === '-' ? 'the run' : line.operationId;
  return {
    ruleId: line.rule,
    ruleIndex,
    level: 'error' as const,
    message: { text: `${operation}: ${line.message}` },
    locations: [{
      physicalLocation: { artifactLocation: { uri: where.file, uriBaseId: '%SRCROOT%' }, region: { startLine: where.line } },
      ...(line.operationId !== '-' && { logicalLocations: [{ name: line.operationId, kind: 'function' }] }),
    }],
    // One alert per rule × operation across runs and seeds: what failed, not which case showed it.
    partialFingerprints: { 'conformanceLine/v1': createHash('sha256').update(`${line.rule}\n${line.operationId}`).digest('hex').slice(0, 32) },
    ...(report.baseline && { baselineState: line.known ? ('unchanged' as const) : ('new' as const) }),
    ...(line.known && { suppressions: [{ kind: 'external' as const, justification: `listed in the baseline ${report.baseline!.file}` }] }),
    properties: {
      area: line.area,
      operationId: line.operationId,
      checks: line.counts,
      facts: [...new Set(line.evidence.flatMap((f) => (f.outcome === 'fail' && f.fact ? [f.fact] : [])))],
      ...(failures.length && { failures }),
      ...(curls.length && { curl: curls }),
    },
  };
}

/** `failures`: the failures file as the user names it (the reproduce command). */
export function renderSarif(report: Report, failures = 'failures.json'): string {
  const index = new Map(RULES.map((rule, i) => [rule.name, i]));
  const lines = report.lines.filter((line) => line.outcome === 'fail' || line.known);
  const again = report.failures.length && report.traffic === undefined ? reproduce(report, failures) : undefined;
  const t = report.totals.total;
  const log = {
    $schema: SCHEMA,
    version: '2.1.0' as const,
    runs: [{
      tool: {
        driver: {
          name: 'conformance',
          fullName: 'Conformance suite of the Company and Municipality Data Service API v1 contract kit',
          rules: RULES.map((rule) => ({
            id: rule.name,
            name: rule.name,
            shortDescription: { text: rule.summary },
            defaultConfiguration: { level: rule.warnOnly ? ('warning' as const) : ('error' as const) },
            properties: { area: rule.area },
          })),
        },
      },
      automationDetails: { id: `conformance/${report.traffic !== undefined ? 'traffic' : report.mode}/` },
      invocations: [{
        executionSuccessful: !report.incomplete,
        ...(report.incomplete && {
          toolExecutionNotifications: [{ level: 'error' as const, message: { text: incompleteLines(report).map((line) => line.trim()).join('\n') }, descriptor: { id: 'incomplete' } }],
        }),
        properties: {
          verdict: report.verdict,
          label: verdictLabel(report),
          complete: !report.incomplete,
          ...(report.incomplete && { incomplete: report.incomplete }),
          mode: report.mode,
          baseUrl: report.baseUrl,
          ...(report.traffic === undefined ? { seed: report.seed, runId: report.runId, requests: report.requests } : { traffic: report.traffic }),
          totals: t,
          ...(report.baseline && { baseline: { file: report.baseline.file, known: report.baseline.known.length, new: report.baseline.new.length, fixed: report.baseline.fixed.length, expired: report.baseline.expired.length } }),
          ...(again && { reproduce: again.replay, rerun: again.rerun }),
        },
      }],
      results: lines.map((line) => result(line, index.get(line.rule) ?? -1, report)),
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
