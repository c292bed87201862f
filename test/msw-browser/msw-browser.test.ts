// The sandbox's MSW handlers in a real browser: headless Chromium opens a page (served from
// 127.0.0.1) that starts `setupWorker(...createHandlers())` from `msw/browser`, lists
// municipalities with a credential, creates a watchdog and changes it. Every answer must come
// from the service worker (the static server knows no /api/ path), be valid under the contract,
// and be what the sandbox's core answers in Node.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { createSandbox } from '../../sandbox/core';
import { contractProblems } from '../../sandbox/test/test-support';
import { describeInChromium, launchBrowser, leavesLoopback, type Browser } from '../reference-page/browser';
import { serveDirectory, type StaticServer } from '../reference-page/static-server';
import { PAGE_SIZE, SESSION_ID, TOKEN, type PageRun } from './run';

const ROOT = path.resolve(__dirname, '../..');

const maybe = describeInChromium('test/msw-browser');

/**
 * The page's files: index.html, the bundled page script, and MSW's worker script copied from
 * the installed msw (so it always matches the library's version; nothing generated is committed).
 */
async function writeSite(dir: string): Promise<void> {
  await build({
    entryPoints: [path.join(__dirname, 'page.ts')],
    outfile: path.join(dir, 'page.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  });
  fs.copyFileSync(path.join(path.dirname(require.resolve('msw/package.json')), 'lib/mockServiceWorker.js'), path.join(dir, 'mockServiceWorker.js'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>sandbox under MSW</title><script type="module" src="/page.js"></script>\n');
}

maybe('the MSW handlers in headless Chromium', () => {
  let dir: string;
  let site: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let run: PageRun;
  const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msw-browser-'));
    await writeSite(dir);
    site = await serveDirectory(dir);
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
    });
    await page.goto(`${site.url}/`);
    const handle = await page.waitForFunction(() => (window as unknown as { sandboxRun?: unknown }).sandboxRun);
    const result = (await handle.jsonValue()) as PageRun | { error: string };
    if ('error' in result) throw new Error(`the page failed: ${result.error}`);
    run = result;
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every API answer came from the service worker, nothing left loopback, the page threw nothing', () => {
    expect(apiResponses.length).toBeGreaterThanOrEqual(5);
    expect(apiResponses.filter((response) => !response.fromServiceWorker)).toEqual([]);
    expect(browser!.requests.filter(leavesLoopback)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('every answer is valid under the contract', () => {
    const calls: [string, string, keyof PageRun][] = [
      ['GET', '/api/v1/municipalities/', 'list'],
      ['POST', '/api/v1/watchdogs/', 'created'],
      ['POST', `/api/v1/watchdogs/${run.created.body?.uuid}/deactivate/`, 'deactivated'],
      ['GET', '/api/v1/municipalities/', 'bySession'],
      ['GET', '/api/v1/municipalities/', 'anonymous'],
    ];
    expect(calls.flatMap(([method, apiPath, key]) => contractProblems(method, apiPath, run[key].status, run[key].body).map((p) => `${key}: ${p}`))).toEqual([]);
  });

  test('the list is the sandbox’s: filtered, paged with the page size given, links on the page’s origin', async () => {
    const node = createSandbox({ limits: { pageSize: PAGE_SIZE }, credentials: { token: TOKEN, readonlyToken: 'readonly', sessionId: SESSION_ID } });
    const expected = await node.fetch(new Request(`${site!.url}/api/v1/municipalities/?country_code=AT`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(run.list).toEqual({ status: 200, body: await expected.json() });
    expect(run.list.body.results).toHaveLength(PAGE_SIZE);
    expect(run.list.body.results.every((m: { country_code: string }) => m.country_code === 'AT')).toBe(true);
    expect(run.list.body.next).toBe(`${site!.url}/api/v1/municipalities/?country_code=AT&page=2`);
  });

  test('a created watchdog is kept: the second request finds it and changes it', () => {
    expect(run.created.status).toBe(201);
    expect(run.created.body).toMatchObject({ name: 'Im Browser', is_active: true });
    expect(run.deactivated.status).toBe(200);
    expect(run.deactivated.body).toMatchObject({ uuid: run.created.body.uuid, is_active: false });
  });

  test('credentials are checked: a session id with / + = in the query works, none at all gets the published 401', () => {
    expect(run.bySession.status).toBe(200);
    expect(run.anonymous).toEqual({ status: 401, body: { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' } });
  });
});
