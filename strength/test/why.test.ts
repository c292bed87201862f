// Why a fault was missed, read from the run as the report has it: each cause a team can act on,
// on hand-made report lines and phase_completed findings (the runs themselves: strength.test.ts).
import type { Finding, Report } from '../../conformance';
import { sandboxRunConfig } from '../config';
import { whyMissed } from '../measure';

type Line = Report['lines'][number];
const line = (rule: string, operationId: string, outcome: Line['outcome'], message: string): Line =>
  ({ rule, area: 'responses', operationId, outcome, message, counts: { pass: 0, fail: 0, warn: 0, skip: 0 }, evidence: [] }) as Line;
const report = (...lines: Line[]) => ({ lines }) as Report;
const stopped = (message: string): Finding => ({ rule: 'phase_completed', operationId: '-', outcome: 'skip', message });
const BUDGET_SPENT = 'the request budget (800, --budget) is spent; raise --budget to run it whole';

test.each<[string, Report, Finding[], Parameters<typeof sandboxRunConfig>[0], [string, string], Record<string, unknown>]>([
  ['the operation excluded',
    report(line('no_server_error', 'watchdogsActivate', 'skip', 'watchdogsActivate is excluded by the config (operations in conformance.config.json): nothing was sent to it')), [],
    { excluded: ['watchdogsActivate'] }, ['no_server_error', 'watchdogsActivate'], { cause: 'excluded', by: 'watchdogsActivate' }],
  ['writes off',
    report(line('watchdog_create_applied', 'watchdogsCreate', 'skip', 'no successful watchdog write in a read-only run: set CONFORMANCE_WRITES=1 (--writes) to check it')), [],
    { writes: false }, ['watchdog_create_applied', 'watchdogsCreate'], { cause: 'writes' }],
  ['the rule\'s area not selected',
    report(line('credential_form_accepted', 'municipalitiesList', 'skip', 'not reached: its area (auth) is not selected (--only inputs)')), [],
    { areas: ['inputs'] }, ['credential_form_accepted', 'municipalitiesList'], { cause: 'area', by: 'auth' }],
  ['its own phase stopped by the budget',
    report(line('filter_status', 'municipalitiesList', 'pass', '12 checked')), [stopped(`filters (every published filter): stopped, ${BUDGET_SPENT}`)],
    { budget: 800 }, ['filter_status', 'municipalitiesList'], { cause: 'budget', text: expect.stringContaining('filters (every published filter): stopped') }],
  ['a phase stopped on an excluded operation',
    report(line('filter_status', 'municipalitiesList', 'skip', 'not reached')), [stopped('filters (every published filter): stopped, its cases need companiesSearch, which the config excludes (operations)')],
    { excluded: ['companiesSearch'] }, ['filter_status', 'municipalitiesList'], { cause: 'excluded', by: 'companiesSearch' }],
  ['a skip resting on excluded operations',
    report(line('watchdog_create_applied', 'watchdogsCreate', 'skip', 'the sequences need every watchdog write, and the config excludes watchdogsActivate, watchdogsDeactivate (operations)')), [],
    { excluded: ['watchdogsActivate', 'watchdogsDeactivate'] }, ['watchdog_create_applied', 'watchdogsCreate'], { cause: 'excluded', by: 'watchdogsActivate, watchdogsDeactivate' }],
  ['checked and passed while other phases stopped by the budget',
    report(line('no_server_error', 'watchdogsSubscribe', 'pass', '46 checked')), [stopped(`inputs (bounds): stopped, ${BUDGET_SPENT}`), stopped(`filters (every filter): stopped, ${BUDGET_SPENT}`)],
    { budget: 800 }, ['no_server_error', 'watchdogsSubscribe'], { cause: 'budget', text: '46 checked, all passed; the budget (800) was spent before filters, inputs ended' }],
  ['checked and passed with every setting at its default',
    report(line('no_server_error', 'watchdogsSubscribe', 'pass', '46 checked')), [],
    {}, ['no_server_error', 'watchdogsSubscribe'], { cause: 'not-met', text: expect.stringMatching(/^46 checked, all passed: no request of this run met the bug/) }],
  ['a warning where a failure was due',
    report(line('status_declared', 'companiesSearch', 'warn', '201 is not declared')), [],
    {}, ['status_declared', 'companiesSearch'], { cause: 'other', text: 'warned where the table says fail: 201 is not declared' }],
  ['a seeded phase that stopped at an earlier failure',
    report(line('watchdog_create_applied', 'watchdogsCreate', 'skip', 'not reached: the lifecycle phase stops at its first failing case and reports it shrunk (see its FAIL lines); fix that, then rerun to check this')), [],
    {}, ['watchdog_create_applied', 'watchdogsCreate'], { cause: 'first-failure' }],
])('%s', (_name, made, findings, overrides, [rule, op], miss) => {
  expect(whyMissed(made, findings, sandboxRunConfig(overrides), [rule, op, 'fail'])).toMatchObject(miss);
});
