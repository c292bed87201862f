// The coverage gate: a declared status never exercised, or a blind area of the contract, fails
// unless a person recorded why.
import { gatePasses, judgeCoverage, type CoverageReport, type RecordedReasons } from '../../scripts/coverage/gate';
import type { OperationId } from '../../generated';

const declared = { watchdogsCreate: [201, 400, 401, 403] } as Record<OperationId, number[]>;
const seen = { exercised: true } as const;
const unseen = { exercised: false, reason: 'no response with this status was observed' } as const;

const report = (cells: CoverageReport['operations'][string]): CoverageReport => ({ mode: 'mock', operations: { watchdogsCreate: cells } });

test.each<[string, CoverageReport, RecordedReasons, boolean, Partial<ReturnType<typeof judgeCoverage>>]>([
  ['every declared status exercised', report({ 201: seen, 400: seen, 401: seen, 403: seen }), {}, true, { exercised: 4, declared: 4 }],
  ['a status never exercised, the suite’s own reason only', report({ 201: seen, 400: seen, 401: seen, 403: unseen }), {}, false,
    { unexercised: ['watchdogsCreate 403: never exercised (no response with this status was observed)'] }],
  ['a status never exercised with a recorded reason', report({ 201: seen, 400: seen, 401: seen, 403: unseen }), { 'watchdogsCreate 403': 'needs a limited key' }, true,
    { excused: [{ cell: 'watchdogsCreate 403', reason: 'needs a limited key' }] }],
  ['a declared status absent from the report', report({ 201: seen, 400: seen, 401: seen }), {}, false, { missing: ['watchdogsCreate 403: not in the coverage report'] }],
  ['a recorded reason for an exercised status is stale, not a failure', report({ 201: seen, 400: seen, 401: seen, 403: seen }), { 'watchdogsCreate 201': 'x' }, true,
    { staleReasons: ['watchdogsCreate 201: exercised after all; drop the reason'] }],
  ['a recorded reason for a status the contract lacks is stale', report({ 201: seen, 400: seen, 401: seen, 403: seen }), { 'watchdogsCreate 200': 'x' }, true,
    { staleReasons: ['watchdogsCreate 200: the contract declares no such status'] }],
])('%s', (_name, coverage, reasons, passes, expected) => {
  const verdict = judgeCoverage(declared, coverage, reasons);
  expect(verdict).toMatchObject(expected);
  expect(gatePasses(verdict)).toBe(passes);
});

test('a blind area of the contract fails the gate, naming it, unless a person recorded why; a reason for a declared place is stale', () => {
  const all = report({ 201: seen, 400: seen, 401: seen, 403: seen });
  const blind = { watchdogsCreate: ['query parameter dry_run: neither x-filter (what it keeps) nor x-pagination'] };
  const failing = judgeCoverage(declared, all, {}, blind);
  expect(failing.blind).toEqual(['watchdogsCreate query parameter dry_run: neither x-filter (what it keeps) nor x-pagination']);
  expect(gatePasses(failing)).toBe(false);
  const excused = judgeCoverage(declared, all, { 'watchdogsCreate query parameter dry_run': 'a server-side switch, nothing to judge' }, blind);
  expect([excused.blind, excused.excused, gatePasses(excused)]).toEqual([[], [{ cell: 'watchdogsCreate query parameter dry_run', reason: 'a server-side switch, nothing to judge' }], true]);
  expect(judgeCoverage(declared, all, { 'watchdogsCreate query parameter dry_run': 'x' }, {}).staleReasons).toEqual([
    'watchdogsCreate query parameter dry_run: the contract declares its meaning now (or has no such place); drop the reason',
  ]);
});
