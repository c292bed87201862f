// The subcommands of `contract-kit`: which built entry runs each, with which leading arguments,
// and which optional peer dependencies it needs. One line per command; the dispatcher
// (contract-kit.ts) does the rest.

/** An optional peer dependency: its name and a module path that loads only when it is installed. */
export interface Peer {
  name: string;
  probe: string;
}

export interface Command {
  /** The entry module, relative to this file; it exports `cli()`, which reads `process.argv`. */
  entry: string;
  /** Arguments put before the user's (`contract-kit judge x` runs `conformance judge x`). */
  prefix: string[];
  peers: Peer[];
  summary: string;
}

const PRISM: Peer = { name: '@stoplight/prism-cli', probe: '@stoplight/prism-cli/dist/index.js' };
const AJV: Peer[] = [
  { name: 'ajv', probe: 'ajv/dist/runtime/ucs2length' },
  { name: 'ajv-formats', probe: 'ajv-formats/dist/formats' },
];
const FAST_CHECK: Peer = { name: 'fast-check', probe: 'fast-check' };
const SUITE = [...AJV, FAST_CHECK];

export const COMMANDS: Record<string, Command> = {
  mock: { entry: '../mock/start', prefix: [], peers: [PRISM, ...AJV], summary: 'the Prism mock of the contract (PORT, HOST)' },
  sandbox: { entry: '../sandbox/main', prefix: [], peers: AJV, summary: 'the stateful in-memory sandbox (--port, --host, --strict)' },
  conformance: { entry: '../conformance/cli', prefix: [], peers: SUITE, summary: 'the conformance suite (--base-url; `conformance replay <failures.json>`)' },
  judge: { entry: '../conformance/cli', prefix: ['judge'], peers: SUITE, summary: 'judge recorded traffic (HAR, NDJSON exchange logs) by the same rules; contract coverage (--min-coverage)' },
  proxy: { entry: '../conformance/cli', prefix: ['proxy'], peers: SUITE, summary: 'a validating proxy in front of a deployment (--upstream): bodies intact, violations in a header, reports on stop' },
};
