// The sequencer is CommonJS (jest loads it untransformed).
const { slowSeconds } = require('./slow-first.cjs') as { slowSeconds: (source: string) => number };

test('a file says how slow it is with `@slow <n> s` in its leading comment, in either comment style', () => {
  expect(slowSeconds('// Runs the suite 51 times.\n// @slow 30 s alone: the suite per fault\nimport x from "y";\n')).toBe(30);
  expect(slowSeconds('/**\n * @slow 25 s alone: starts Prism 20 times\n */\ntest("x", () => {});\n')).toBe(25);
});

test('a mark after the first line of code, inside a word or without seconds does not count', () => {
  expect(slowSeconds('// fast\nimport x from "y";\n// @slow 30 s\n')).toBe(0);
  expect(slowSeconds('// see foo@slow 3 s.example\ntest("x", () => {});\n')).toBe(0);
  expect(slowSeconds('// @slow: no figure\ntest("x", () => {});\n')).toBe(0);
  expect(slowSeconds('test("@slow 3 s", () => {});\n')).toBe(0);
});
