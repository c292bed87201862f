// @ts-check
// Jest's order of test files: the slow ones first, longest first, so the two workers end
// together. Jest knows which files are slow only from an earlier run's timings; on a fresh machine
// (every CI run) it has none and starts with the largest files, which here are fast ones: the slow
// files then ran last, two at a time with nothing left to share the cores with (jest took 268 s
// instead of 178 s on a fresh clone). A test file that knows it is slow says so in its leading
// comment, `@slow <seconds> s alone: <why>`, and is started first; the rest keep jest's order.
// Plain CommonJS: jest loads its sequencer without a transform.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

/** The seconds a file says it takes alone (`@slow 30 s`) in the comment lines it starts with; 0 if it says nothing. */
function slowSeconds(/** @type {string} */ source) {
  for (const line of source.split('\n')) {
    const text = line.trim();
    if (text !== '' && !/^(\/\/|\/\*|\*)/.test(text)) return 0;
    const mark = /(?:^|\s)@slow\s+(\d+)\s*s\b/.exec(text);
    if (mark) return Number(mark[1]);
  }
  return 0;
}

class SlowFirst extends Sequencer {
  /** @param {import('@jest/test-result').Test[]} tests */
  async sort(tests) {
    const sorted = await super.sort(tests);
    const seconds = new Map(sorted.map((test) => [test, slowSeconds(fs.readFileSync(test.path, 'utf8'))]));
    const slow = sorted.filter((test) => seconds.get(test)).sort((a, b) => (seconds.get(b) ?? 0) - (seconds.get(a) ?? 0));
    return [...slow, ...sorted.filter((test) => !seconds.get(test))];
  }
}

module.exports = SlowFirst;
module.exports.slowSeconds = slowSeconds;
