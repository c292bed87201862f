// No test fails because the machine is slow (test/support/clock.ts; README.md, "Tests and the
// clock"): Jest's timeout is a watchdog against a hang, and no test or helper sets a timeout of
// its own, waits against a deadline, or asserts how long something took at most.
import config from '../../jest.config';
import { WATCHDOG_MS } from '../support/clock';
import { testFiles, text } from './test-files';

const SELF = 'test/structure/clock.test.ts';
// A script run by hand (`sandbox/test/fuzz.ts --max-seconds`), not a test: its bound is its option.
const SCRIPTS = new Set(['sandbox/test/fuzz.ts']);
const files = testFiles().filter((file) => file !== SELF && !SCRIPTS.has(file));

/** `file:line: the line` for each line of a file the pattern finds. */
const offending = (pattern: RegExp, only: (file: string) => boolean = () => true) =>
  files.filter(only).flatMap((file) => text(file).split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));

test("Jest's timeout is the watchdog, half an hour, not a measure of speed", () => {
  expect(config.testTimeout).toBe(WATCHDOG_MS);
  expect(WATCHDOG_MS).toBeGreaterThanOrEqual(30 * 60_000);
});

test('no test or hook sets a timeout of its own', () => {
  expect(offending(/^\s*\}\)?,\s*[1-9][\d_]*\);\s*$/)).toEqual([]);
  expect(offending(/\b(beforeAll|beforeEach|afterAll|afterEach)\([^;]*,\s*[1-9][\d_]*\);/)).toEqual([]);
  expect(offending(/\bjest\.setTimeout\(/)).toEqual([]);
});

test('no wait has a deadline, and no test asserts how long something took at most', () => {
  expect(offending(/\b(Date|performance)\.now\(\)\s*\+/)).toEqual([]);
  expect(offending(/now\(\)\s*-\s*\w+\)\.toBeLessThan/)).toEqual([]);
});

// Spelled apart: a file naming the package is taken for one that drives a browser (test/support/chromium.test.ts).
const PLAYWRIGHT = ['playwright', 'core'].join('-');

test("no browser wait has a timeout of Playwright's own", () => {
  expect(offending(/\btimeout:\s*[1-9]/, (file) => text(file).includes(PLAYWRIGHT))).toEqual([]);
});
