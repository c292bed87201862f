// Where the browser tests find Chromium, in this order:
//   1. CHROMIUM_PATH, when set (a path that does not exist is the answer, not a reason to look on);
//   2. known install paths: Debian's package, Google Chrome, playwright-core's own download;
//   3. `chromium`, `chromium-browser`, `google-chrome-stable`, `google-chrome` on PATH.
// Ubuntu's apt package is a shim that runs the snap, which does not work in containers: a
// candidate that is such a shim is passed over (and named in the reason).
// Without a browser the tests are skipped with the reason printed, except under CI=true, where
// they fail with it: a CI that could not install Chromium must not go green without them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const KNOWN_PATHS = [
  '/usr/bin/chromium', // Debian's `chromium` package
  '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

export type ChromiumVerdict = { run: true; executable: string } | { run: false; fail: boolean; reason: string };

export interface Lookup {
  env: NodeJS.ProcessEnv;
  knownPaths?: string[];
}

/** playwright-core's own downloads (`npx playwright-core install chromium`), newest first. */
function playwrightDownloads(env: NodeJS.ProcessEnv): string[] {
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  let dirs: string[];
  try {
    dirs = fs.readdirSync(cache).filter((name) => /^chromium-\d+$/.test(name));
  } catch {
    return [];
  }
  return dirs
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
    .flatMap((dir) => ['chrome-linux64/chrome', 'chrome-linux/chrome'].map((file) => path.join(cache, dir, file)));
}

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** A small script that hands over to a snap (Ubuntu's `chromium-browser` / `chromium` packages). */
function isSnapShim(file: string): boolean {
  const real = fs.realpathSync(file);
  if (real.startsWith('/snap/')) return true;
  if (fs.statSync(real).size > 64 * 1024) return false;
  const text = fs.readFileSync(real, 'latin1');
  return text.startsWith('#!') && /\/snap\/bin\/|snap install/.test(text);
}

/** The Chromium to launch, or why there is none and whether that fails the run. */
export function findChromium({ env, knownPaths = KNOWN_PATHS }: Lookup): ChromiumVerdict {
  const fail = env.CI === 'true';
  const missing = (why: string): ChromiumVerdict => ({
    run: false,
    fail,
    reason: `${why}${fail ? ' (CI=true: the browser tests fail without a browser)' : ''}; install Chromium (Debian: apt-get install chromium; elsewhere: npx playwright-core install chromium) or set CHROMIUM_PATH`,
  });
  if (env.CHROMIUM_PATH) {
    return isExecutable(env.CHROMIUM_PATH) ? { run: true, executable: env.CHROMIUM_PATH } : missing(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`);
  }
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean).flatMap((dir) => PATH_NAMES.map((name) => path.join(dir, name)));
  const shims: string[] = [];
  for (const candidate of [...knownPaths, ...playwrightDownloads(env), ...onPath]) {
    if (!isExecutable(candidate)) continue;
    if (isSnapShim(candidate)) shims.push(candidate);
    else return { run: true, executable: candidate };
  }
  return missing(
    `no Chromium found (looked at CHROMIUM_PATH, ${knownPaths.join(', ')}, playwright-core's downloads, and ${PATH_NAMES.join(', ')} on PATH)` +
      (shims.length ? `; passed over snap shims that do not run in containers: ${shims.join(', ')}` : ''),
  );
}
