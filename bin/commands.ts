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
  /** The module that exports the command's `HELP`, loadable without any peer: `--help` needs none. */
  help: string;
  /** Arguments put before the user's (`contract-kit judge x` runs `conformance judge x`). */
  prefix: string[];
  /** Subcommands that are commands of their own here (`conformance strength` runs `strength`). */
  delegates?: Record<string, string>;
  peers: Peer[];
  summary: string;
}

const PRISM: Peer = { name: '@stoplight/prism-cli', probe: '@stoplight/prism-cli/dist/index.js' };
const FAST_CHECK: Peer = { name: 'fast-check', probe: 'fast-check' };
// The contract's validators ship with ajv's few runtime helpers bundled (scripts/build), so no
// command needs ajv.
const SUITE = { entry: '../conformance/cli', help: '../conformance/options', peers: [FAST_CHECK] };

export const COMMANDS: Record<string, Command> = {
  mock: { entry: '../mock/start', help: '../mock/start', prefix: [], peers: [PRISM], summary: 'the Prism mock of the contract (--port, --host)' },
  sandbox: { entry: '../sandbox/main', help: '../sandbox/options', prefix: [], peers: [], summary: 'the stateful in-memory sandbox (--port, --host, --strict, --data)' },
  conformance: { ...SUITE, prefix: [], delegates: { strength: 'strength' }, summary: 'the conformance suite (--base-url; `conformance replay <failures.json>`, `conformance strength`)' },
  judge: { ...SUITE, prefix: ['judge'], summary: 'judge recorded traffic (HAR, NDJSON exchange logs) by the same rules; contract coverage (--min-coverage)' },
  proxy: { ...SUITE, prefix: ['proxy'], summary: 'a validating proxy in front of a deployment (--upstream): bodies intact, violations in a header, reports on stop' },
  strength: { entry: '../strength/cli', help: '../strength/help', prefix: [], peers: [FAST_CHECK], summary: 'the suite against the kit\'s faulty sandboxes with your settings: what it catches, what it misses and why' },
};
