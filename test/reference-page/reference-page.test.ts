// The API reference page (docs/index.html, built by `npm run docs`) in headless Chromium: it
// shows everything the contract holds, loads nothing from the network, and its "Test Request"
// reaches the mock. Screenshots: reports/docs.png (the page), reports/docs-test-request.png.
// @slow 25 s alone: Chromium and the mock.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { meaning } from '../../generated';
import { validatorFor } from '../../protocol/validation';
import { escapeRegExp } from '../../protocol/regexp';
import { spawnChild, waitForLine } from '../support/children';
import { describeInChromium, launchBrowser, leavesLoopback, type Browser } from './browser';
import {
  enums,
  exampleSets,
  modellingChoices,
  pageOperations,
  publishedUnknowns,
  schemaNames,
  securitySchemes,
  stringLeaves,
} from './contract-facts';
import {
  examplePickerOptions,
  expandEnums,
  normalise,
  operationSection,
  untilStill,
  visibleText,
  waitForReference,
} from './page';
import { serveDirectory, type StaticServer } from './static-server';

const ROOT = path.resolve(__dirname, '../..');
const DOCS_DIR = path.join(ROOT, 'docs');
const REPORTS = path.join(ROOT, 'reports');

const maybe = describeInChromium('test/reference-page');

const operations = pageOperations();

maybe('API reference page (docs/index.html)', () => {
  let site: StaticServer | undefined;
  let mock: { url: string } | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let text = '';
  const pageErrors: string[] = [];

  const expectNoNetwork = async () => {
    const blocked = await page.evaluate(() => (window as unknown as { blockedByPolicy?: string[] }).blockedByPolicy ?? []);
    expect({ outsideLoopback: browser!.requests.filter(leavesLoopback), blockedByPolicy: blocked, pageErrors }).toEqual({
      outsideLoopback: [],
      blockedByPolicy: [],
      pageErrors: [],
    });
  };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(DOCS_DIR, 'index.html'))) throw new Error('docs/index.html is missing; run `npm run docs`');
    // The mock's CLI on port 0, its port read from its ready line; killed with its process group
    // after this file. It takes 2–4 s to start, so open the page meanwhile.
    const child = spawnChild(process.execPath, ['--import', 'tsx', path.join(ROOT, 'mock/start.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const mockStarting = waitForLine(child, /^Mock listening on (http:\/\/\S+)$/).then((match) => ({ url: match[1]! }));
    mockStarting.catch(() => undefined);
    site = await serveDirectory(DOCS_DIR);
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A request the page's Content-Security-Policy blocks never shows up as a request; record it.
    await page.addInitScript(() => {
      const record = window as unknown as { blockedByPolicy: string[] };
      record.blockedByPolicy = [];
      // Only loads count: a bundled library probes `new Function` (blockedURI "eval") and copes.
      document.addEventListener('securitypolicyviolation', (event) => {
        if (/^(https?|wss?):/.test(event.blockedURI)) record.blockedByPolicy.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    mock = await mockStarting;
    await page.goto(`${site.url}/?server=${encodeURIComponent(mock.url)}`);
    await waitForReference(page, operations[0]!.summary);
    fs.mkdirSync(REPORTS, { recursive: true });
    await page.screenshot({ path: path.join(REPORTS, 'docs.png') });
    await untilStill(page);
    await expandEnums(page);
    text = await visibleText(page);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  test('loads nothing from the network: every request stays on loopback and none is blocked', async () => {
    expect(browser!.requests.length).toBeGreaterThan(0);
    await expectNoNetwork();
  });

  test('shows every operation: its summary in the sidebar and a section with its method and path', async () => {
    const missing: string[] = [];
    for (const operation of operations) {
      const inSidebar = await page.getByRole('button', { name: operation.summary }).count();
      const section = operationSection(page, operation.tag, operation.method, operation.path);
      const sectionText = (await section.count()) ? normalise(await section.innerText()) : '';
      if (!inSidebar) missing.push(`${operation.operationId}: summary "${operation.summary}" not in the sidebar`);
      if (!sectionText.includes(operation.summary)) missing.push(`${operation.operationId}: no section titled "${operation.summary}"`);
      if (!new RegExp(`${operation.method.toUpperCase()}\\s*${escapeRegExp(operation.path)}`).test(sectionText)) {
        missing.push(`${operation.operationId}: section does not show "${operation.method.toUpperCase()} ${operation.path}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('shows every schema and every enum value', () => {
    const missing = [
      ...schemaNames().filter((name) => !text.includes(name)).map((name) => `schema ${name}`),
      ...enums().flatMap(({ where, values }) =>
        values.filter((value) => !text.includes(value)).map((value) => `enum value "${value}" of ${where}`),
      ),
    ];
    expect(missing).toEqual([]);
  });

  test('shows every named example: names in the pickers, single examples as their content', async () => {
    const missing: string[] = [];
    for (const operation of operations) {
      const section = operationSection(page, operation.tag, operation.method, operation.path);
      const options = await examplePickerOptions(section);
      const sectionText = normalise(await section.innerText());
      for (const set of exampleSets().filter((candidate) => candidate.operationId === operation.operationId)) {
        if (set.examples.length > 1) {
          // Pickers label an example "<name>: <summary>".
          for (const { name } of set.examples) {
            if (!options.some((label) => label === name || label.startsWith(`${name}:`))) {
              missing.push(`${operation.operationId} ${set.slot}: example "${name}" not in a picker`);
            }
          }
          continue;
        }
        // One example: a request body's shows in the code sample; an error body's in the
        // "Error responses" section (response tabs other than the first show on click).
        const [only] = set.examples;
        const shownIn = /^[45]/.test(set.slot) ? text : sectionText;
        const absent = stringLeaves(only!.value).filter((leaf) => !shownIn.includes(normalise(leaf)));
        if (absent.length) missing.push(`${operation.operationId} ${set.slot}: example "${only!.name}" lacks ${JSON.stringify(absent)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('states the five credential forms, every error body, what each filter keeps and every unknown and modelling choice', async () => {
    const missing: string[] = [];
    for (const { name, scheme } of securitySchemes()) {
      if (!text.includes(normalise(String(scheme.description)))) missing.push(`description of security scheme ${name}`);
    }
    for (const set of exampleSets().filter((candidate) => /^[45]/.test(candidate.slot))) {
      for (const { name, value } of set.examples) {
        if (!text.includes(JSON.stringify(value))) missing.push(`error body "${name}" (${set.slot}) ${JSON.stringify(value)}`);
      }
    }
    for (const sentence of publishedUnknowns()) if (!text.includes(normalise(sentence))) missing.push(`unknown: ${sentence}`);
    for (const choice of modellingChoices()) if (!text.includes(normalise(choice))) missing.push(`modelling choice: ${choice}`);
    // What each filter keeps (x-filter), which Scalar would not show.
    for (const [op, { filters }] of Object.entries(meaning)) for (const f of filters) if (!text.includes(normalise(f.words))) missing.push(`what ${op}'s filter ${f.name} keeps: ${f.words}`);
    expect(securitySchemes()).toHaveLength(5);
    expect(missing).toEqual([]);

    // The Authentication picker offers each form by its scheme name.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /Selected Auth Type/ }).first().click();
    const offered = (await page.getByRole('option').allInnerTexts()).map(normalise).join(' | ');
    await page.keyboard.press('Escape');
    for (const { name } of securitySchemes()) expect(offered).toContain(name);
  });

  test('"Test Request" with a Bearer token reaches the mock and shows its 200', async () => {
    const list = operations.find((operation) => operation.operationId === 'municipalitiesList')!;
    await page.getByRole('button', { name: list.summary }).first().click();
    await page.getByRole('button', { name: new RegExp(`Test Request.*${list.method} ${escapeRegExp(list.path)}`, 'i') }).click();
    const client = page.getByRole('dialog');
    // The server was set by ?server= to the mock's origin.
    expect(await client.innerText()).toContain(mock!.url);
    await client.getByPlaceholder('Token').fill('docs-test-key');
    const answered = page.waitForResponse((response: Response) => response.url().startsWith(`${mock!.url}${list.path}`));
    await client.getByRole('button', { name: /^Send/ }).first().click();
    const response = await answered;
    const sent = response.request().headers();
    // Compared, never printed: the token must not end up in test output.
    expect(sent.authorization === 'Bearer docs-test-key' ? 'Bearer <redacted>' : 'another credential').toBe('Bearer <redacted>');
    expect(response.status()).toBe(200);
    const validate = validatorFor('municipalitiesList', 200);
    if (!validate) throw new Error('generated/ has no validator for municipalitiesList 200');
    const verdict = validate(await response.json());
    expect(verdict.errors).toEqual([]);
    await client.getByText('200 OK').first().waitFor();
    await page.screenshot({ path: path.join(REPORTS, 'docs-test-request.png') });
    await expectNoNetwork();
  });

  test('served by the mock at /docs/, the page names that mock, on its port, as its server: not the contract\'s default', async () => {
    const served = await browser!.context.newPage();
    try {
      await served.goto(`${mock!.url}/docs/`);
      await waitForReference(served, operations[0]!.summary);
      // Sections render in batches; the curl examples of later operations come last.
      await untilStill(served);
      // The server's {base_url} field holds the mock's origin, and every curl example uses it.
      const [shown, fields] = [await visibleText(served), await served.evaluate(() => Array.from(document.querySelectorAll('input'), (input) => input.value))];
      const port = new URL(mock!.url).port;
      expect({
        field: fields.includes(mock!.url),
        curl: shown.includes(`curl ${mock!.url}/api/v1/municipalities/`),
        contractDefault: port !== '4010' && /127\.0\.0\.1:4010\b/.test(`${shown} ${fields.join(' ')}`),
      }).toEqual({ field: true, curl: true, contractDefault: false });
    } finally {
      await served.close();
    }
  });
});
