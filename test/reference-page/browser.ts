// Headless Chromium (found as test/support/chromium.ts says), driven by playwright-core, with a
// fresh profile and a log of every request the page makes (to prove the page needs no network).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumExecutable } from '../support/in-chromium';

export { describeInChromium } from '../support/in-chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface Browser {
  context: BrowserContext;
  /** Every URL a page or worker requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-chromium-'));
  // No timeouts of Playwright's own (30 s to launch, to navigate, for each action): a loaded
  // machine only makes the browser slower; a browser that hangs is the watchdog's (test/support/clock.ts).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    args: FLAGS,
    viewport: { width: 1400, height: 900 },
    timeout: 0,
  });
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    context,
    requests,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A request that leaves the machine: anything but loopback http(s), data: and blob:. */
export function leavesLoopback(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return false;
  return !['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
}
