#!/usr/bin/env node
// `contract-kit <command> [options]`: runs the mock, the sandbox or the conformance suite from
// the built package with plain node. `--help` and `--version` are answered here, without any
// optional peer; a command whose peers are missing prints the one install line that adds them
// and exits 2.
import path from 'node:path';
import { COMMANDS, type Command, type Peer } from './commands';

const USAGE = `Usage: contract-kit <command> [options]     (each command has --help; --version prints the kit's)

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(12)} ${command.summary}`)
  .join('\n')}`;

interface Manifest {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
}

/** This package's package.json (two folders up from dist/bin). */
const manifest = () => require(path.join(__dirname, '..', '..', 'package.json')) as Manifest;

/** The peer ranges this package declares. */
function peerRange(name: string): string {
  return manifest().peerDependencies?.[name] ?? 'latest';
}

const asksFor = (args: string[], ...flags: string[]) => args.some((arg) => flags.includes(arg));

function missingPeers(peers: Peer[]): Peer[] {
  return peers.filter((peer) => {
    try {
      require.resolve(peer.probe);
      return false;
    } catch {
      return true;
    }
  });
}

/** One line: what is missing and the command that installs it. */
export function installLine(name: string, missing: Peer[]): string {
  const specs = missing.map((peer) => `"${peer.name}@${peerRange(peer.name)}"`).join(' ');
  return `contract-kit ${name}: needs ${missing.map((peer) => peer.name).join(', ')}; install with: npm i -D ${specs}`;
}

export function run(argv: string[], script = process.argv[1] ?? 'contract-kit'): void {
  const [name, ...rest] = argv;
  if (asksFor(argv, '--version')) {
    console.log(`${manifest().name} ${manifest().version}`);
    return;
  }
  if (name === undefined || name === '--help' || name === '-h') {
    console.log(USAGE);
    return;
  }
  const command: Command | undefined = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`contract-kit: unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
    process.exit(2);
  }
  const delegate = rest[0] !== undefined ? command.delegates?.[rest[0]] : undefined;
  if (delegate) return run([delegate, ...rest.slice(1)], script);
  if (asksFor(rest, '--help', '-h')) {
    console.log((require(command.help) as { HELP: string }).HELP);
    return;
  }
  const missing = missingPeers(command.peers);
  if (missing.length > 0) {
    console.error(installLine(name, missing));
    process.exit(2);
  }
  // The entry reads its arguments from process.argv, as it does when run on its own.
  process.argv = [process.argv[0]!, script, ...command.prefix, ...rest];
  (require(command.entry) as { cli(): void }).cli();
}

if (require.main === module) run(process.argv.slice(2));
