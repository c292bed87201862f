// The gate of every browser test file: `describeInChromium(suite)` is `describe` when Chromium is
// found (test/support/chromium.ts: CHROMIUM_PATH, known paths, playwright-core's downloads, PATH).
// Otherwise the suite is skipped with the reason written to stderr (jest drops the console output
// of a file whose every test is skipped, so console.warn would not show it), or, under CI=true,
// replaced by one failing test that gives the reason.
import { findChromium, type ChromiumVerdict } from './chromium';

export const CHROMIUM = findChromium({ env: process.env });

/** The executable to launch; playwright-core's own lookup when none was found (the suite is then skipped or failing anyway). */
export const chromiumExecutable = (): string | undefined => (CHROMIUM.run ? CHROMIUM.executable : undefined);

export function describeInChromium(suite: string, verdict: ChromiumVerdict = CHROMIUM): jest.Describe {
  if (verdict.run) return describe;
  const { reason } = verdict;
  if (verdict.fail) {
    return ((name: string) =>
      describe(name, () => {
        test('finds Chromium', () => {
          throw new Error(`${suite}: ${reason}`);
        });
      })) as unknown as jest.Describe;
  }
  process.stderr.write(`${suite}: skipped: ${reason}\n`);
  return describe.skip;
}
