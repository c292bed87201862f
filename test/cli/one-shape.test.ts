// `contract-kit mock` and `contract-kit sandbox` have one shape: the same address options
// (--port and --host, PORT and HOST as fallbacks, the same one-line mistakes) and the same
// banner layout (protocol/banner.ts): the ready line, aligned facts, titled sections, how to stop.
import { banner as mockBanner } from '../../mock/banner';
import { readExamples } from '../../mock/examples';
import { parseStartOptions } from '../../mock/start';
import { banner as sandboxBanner } from '../../sandbox/banner';
import { parseOptions } from '../../sandbox/options';

const PARSERS = {
  mock: (argv: string[], env: NodeJS.ProcessEnv) => parseStartOptions(argv, env),
  sandbox: (argv: string[], env: NodeJS.ProcessEnv) => parseOptions(argv, env),
};

describe.each(Object.entries(PARSERS))('%s', (_name, parse) => {
  test('--port and --host win over PORT and HOST, which win over the defaults', () => {
    expect(parse(['--port', '0', '--host=::1'], { PORT: '5000', HOST: '10.0.0.1' })).toMatchObject({ port: 0, host: '::1' });
    expect(parse(['--port=4999'], { PORT: '5000', HOST: '10.0.0.1' })).toMatchObject({ port: 4999, host: '10.0.0.1' });
    expect(parse([], { PORT: '5000' })).toMatchObject({ port: 5000, host: '127.0.0.1' });
  });

  test('a bad port or a flag without its value is the same one-line mistake', () => {
    expect(() => parse(['--port', '70000'], {})).toThrow(/^invalid port "70000" \(from --port\): expected an integer from 0 to 65535$/);
    expect(() => parse([], { PORT: 'x' })).toThrow(/^invalid port "x" \(from PORT\): expected an integer from 0 to 65535$/);
    expect(() => parse(['--host'], {})).toThrow(/^--host needs a value$/);
  });
});

/** A banner line by its place in the layout. */
function shape(line: string): string {
  if (/^(Mock|Sandbox) listening on http:\/\/\S+$/.test(line)) return 'ready';
  if (line === '  Stop with Ctrl+C.') return 'stop';
  if (line === '') return 'blank';
  if (/^ {2}[A-Z][^:]*: {2,}\S/.test(line)) return 'fact';
  if (/^ {4}\S/.test(line) || /^ {6}\S/.test(line)) return 'line';
  if (/^ {2}\S.*:$/.test(line)) return 'title';
  return `unexpected: ${JSON.stringify(line)}`;
}

const LAYOUT = /^ready( fact)+( blank title( line)+)+ blank stop$/;
const URL = 'http://127.0.0.1:4010';

test.each([
  ['mock', mockBanner({ url: URL, docsBuilt: true, examples: readExamples() }).split('\n')],
  ['sandbox', sandboxBanner(parseOptions(['--fault', 'watchdogsCreate=503', '--page-size', '3'], {}), URL)],
])('the %s banner has the shared layout, its facts aligned', (_name, lines) => {
  expect(lines.map(shape).join(' ')).toMatch(LAYOUT);
  const facts = lines.filter((line) => shape(line) === 'fact');
  expect(new Set(facts.map((line) => /^ {2}[^:]*: +/.exec(line)![0].length)).size).toBe(1);
});
