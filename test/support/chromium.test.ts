// How the browser tests find Chromium, and that under CI=true a missing browser fails them with
// the reason (elsewhere they are skipped with it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium';
import { describeInChromium } from './in-chromium';

const ROOT = path.resolve(__dirname, '../..');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function executable(name: string, text = '#!/bin/sh\nexit 0\n'): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode: 0o755 });
  return file;
}

/** An environment with Chromium hidden: an empty PATH directory, no playwright download, no known path. */
const hidden = (env: NodeJS.ProcessEnv = {}) => ({ env: { PATH: path.join(dir, 'bin'), PLAYWRIGHT_BROWSERS_PATH: path.join(dir, 'pw'), ...env }, knownPaths: [] });

test('with Chromium hidden and CI=true the browser tests fail, saying where they looked and what to do', () => {
  const verdict = findChromium(hidden({ CI: 'true' }));
  expect(verdict).toEqual({ run: false, fail: true, reason: expect.stringContaining('no Chromium found (looked at CHROMIUM_PATH') });
  expect(!verdict.run && verdict.reason).toMatch(/CI=true: the browser tests fail without a browser.*set CHROMIUM_PATH$/);
});

test('without CI=true a missing Chromium skips them, with the same reason', () => {
  expect(findChromium(hidden())).toEqual({ run: false, fail: false, reason: expect.stringContaining('chromium, chromium-browser, google-chrome-stable, google-chrome on PATH') });
});

test('order: CHROMIUM_PATH, then known paths, then playwright-core downloads, then PATH', () => {
  const fromEnv = executable('env/chrome');
  const known = executable('known/chromium');
  const downloaded = executable('pw/chromium-1200/chrome-linux64/chrome');
  const onPath = executable('bin/chromium');
  const lookup = (env: NodeJS.ProcessEnv, knownPaths: string[]) => findChromium({ env: { ...hidden().env, ...env }, knownPaths });
  expect(lookup({ CHROMIUM_PATH: fromEnv }, [known])).toEqual({ run: true, executable: fromEnv });
  expect(lookup({}, [known])).toEqual({ run: true, executable: known });
  expect(lookup({}, [])).toEqual({ run: true, executable: downloaded });
  fs.rmSync(downloaded);
  expect(lookup({}, [])).toEqual({ run: true, executable: onPath });
});

test('a CHROMIUM_PATH that does not exist is the answer, not a reason to look elsewhere', () => {
  executable('bin/chromium');
  expect(findChromium(hidden({ CHROMIUM_PATH: '/nonexistent/chrome', CI: 'true' }))).toEqual({
    run: false,
    fail: true,
    reason: expect.stringMatching(/^CHROMIUM_PATH=\/nonexistent\/chrome is not an executable file/),
  });
});

test("Ubuntu's snap shim is passed over and named", () => {
  executable('bin/chromium-browser', '#!/bin/sh\n# wrapper\nexec /snap/bin/chromium "$@"\n');
  expect(findChromium(hidden({ CI: 'true' }))).toEqual({ run: false, fail: true, reason: expect.stringContaining(`passed over snap shims that do not run in containers: ${path.join(dir, 'bin/chromium-browser')}`) });
});

test('a browser suite without Chromium is skipped with its reason on stderr, naming CHROMIUM_PATH', () => {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  try {
    expect(describeInChromium('some/browser.test.ts', findChromium(hidden()))).toBe(describe.skip);
  } finally {
    spy.mockRestore();
  }
  expect(written).toEqual([expect.stringMatching(/^some\/browser\.test\.ts: skipped: no Chromium found .*set CHROMIUM_PATH\n$/)]);
});

/** Every test file of the project (not node_modules, reports or dist). */
function testFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'reports', 'dist', '.git'].includes(entry.name) ? [] : testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

test('every test file that drives a browser finds it through describeInChromium (one variable, a reason for every skip)', () => {
  const browserFiles = testFiles().filter((file) => file !== __filename && /playwright-core|launchBrowser\(/.test(fs.readFileSync(file, 'utf8')));
  expect(browserFiles.length).toBeGreaterThanOrEqual(3);
  const ungated = browserFiles.filter((file) => !/describeInChromium\(/.test(fs.readFileSync(file, 'utf8')));
  expect(ungated.map((file) => path.relative(ROOT, file))).toEqual([]);
});
