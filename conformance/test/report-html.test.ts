// report.html in headless Chromium (found as test/support/chromium.ts says; without one the test
// is skipped with the reason, which names CHROMIUM_PATH, and fails under CI=true): the page opens
// from disk and loads nothing, shows the verdict, a failure expands to its exchange as sent and
// received, and no secret of the run shows anywhere in it or in the bodies beside it. The report
// is built from hand-made exchanges that carry the run's secrets, through the run's own redactor.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutable, describeInChromium } from '../../test/support/in-chromium';
import { swapCase } from '../engine/credentials';
import { exchangeView } from '../engine/exchange-view';
import { Recorder } from '../engine/recorder';
import { createRedactor } from '../engine/redact';
import type { Exchange } from '../engine/request';
import { buildReport } from '../report/model';
import { ruleNamed } from '../rules/index';
import { writeReports } from '../report/write';
import { exchange } from './support/exchange';
import { liveConfig, SANDBOX_CREDENTIALS } from './support/sandbox';

const SECRETS = [SANDBOX_CREDENTIALS.token, SANDBOX_CREDENTIALS.limitedToken, SANDBOX_CREDENTIALS.sessionId];
const redact = createRedactor(SECRETS);
const LONG_PROMPT = 'p'.repeat(6000);

/** An answer that broke a rule, its request carrying the key, the session cookie and a body too long to show inline. */
function brokenExchange(): Exchange {
  const x = exchange('watchdogsCreate', 500, { error: `boom for ${SANDBOX_CREDENTIALS.token}`, code: 'oops' });
  const body = JSON.stringify({ name: 'w', prompt: LONG_PROMPT });
  return {
    ...x,
    ms: 12,
    curl: redact(`curl -X POST 'http://127.0.0.1:1/api/v1/watchdogs/' -H 'Authorization: Bearer ${SANDBOX_CREDENTIALS.token}'`),
    sent: {
      method: 'POST',
      url: `http://127.0.0.1:1/api/v1/watchdogs/?sessionid=${SANDBOX_CREDENTIALS.sessionId}`,
      headers: { Authorization: `Bearer ${SANDBOX_CREDENTIALS.token}`, Cookie: `theme=dark; sessionid=${swapCase(SANDBOX_CREDENTIALS.sessionId)}`, 'Content-Type': 'application/json' },
      body,
    },
  };
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-report-html-'));
  const recorder = new Recorder();
  const x = brokenExchange();
  recorder.add({ rule: 'no_server_error', operationId: 'watchdogsCreate', outcome: 'fail', message: redact(`create a watchdog: 500 for ${SANDBOX_CREDENTIALS.token}`), status: 500, curl: x.curl, exchange: exchangeView(x, redact) }, { kind: 'exchange', spec: x.spec });
  writeReports(dir, buildReport(liveConfig(), recorder.results(), 1234), redact);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('no secret of the run in report.html or the bodies beside it, in any spelling the redactor knows', () => {
  const files = [path.join(dir, 'report.html'), ...fs.readdirSync(path.join(dir, 'bodies')).map((f) => path.join(dir, 'bodies', f))];
  const texts = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  expect(texts).toContain('Bearer &lt;redacted&gt;');
  for (const secret of SECRETS) for (const spelling of [secret, swapCase(secret), encodeURIComponent(secret)]) expect(texts).not.toContain(spelling);
});

describeInChromium('conformance/test/report-html.test.ts')('report.html in Chromium', () => {
  test('opens from disk with no request, shows the verdict, and a failure expands to its exchange', async () => {
    // No Playwright timeouts (launch, navigation, actions): a slow browser is no failure (test/support/clock.ts).
    const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'], timeout: 0 });
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(0);
      page.setDefaultNavigationTimeout(0);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(path.join(dir, 'report.html')).href);
      await expect(page.locator('header h1').innerText()).resolves.toBe('Conformance: FAIL');
      const failure = page.locator('details.failure[data-rule="no_server_error"][data-operation="watchdogsCreate"]');
      const request = failure.getByText('Request as sent');
      expect(await request.isVisible()).toBe(false);
      await failure.locator('summary').click();
      expect(await request.isVisible()).toBe(true);
      const shown = await failure.innerText();
      expect(shown).toContain('POST http://127.0.0.1:1/api/v1/watchdogs/?sessionid=<redacted>');
      expect(shown).toContain('Authorization: Bearer <redacted>');
      expect(shown).toMatch(/Answer as received \(12 ms\)/i);
      expect(shown).toMatch(/kept gzip-compressed in bodies\/[0-9a-f]{16}\.json\.gz beside this page/);
      // Why the rule holds: the rule, and the contract's words on the operation.
      expect(shown).toContain(ruleNamed('no_server_error').summary);
      expect(shown).toContain('watchdogsCreate, as the contract says: Create a watchdog.');
      expect({ requests: requests.filter((url) => !url.startsWith('file:')), errors }).toEqual({ requests: [], errors: [] });
    } finally {
      await browser.close();
    }
  });
});
