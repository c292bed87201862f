// `node --import tsx test/support/which-chromium.ts`: prints the Chromium the browser tests will
// use (test/support/chromium.ts), or why there is none; exit 1 when there is none. .ci/run uses it.
import { findChromium } from './chromium';

const verdict = findChromium({ env: process.env });
if (verdict.run) console.log(verdict.executable);
else {
  console.log(`none: ${verdict.reason}`);
  process.exitCode = 1;
}
