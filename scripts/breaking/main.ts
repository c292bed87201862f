// `npm run breaking`: the breaking-change gate. Compares the contract at a base with the
// working tree and exits 1 on any breaking change not declared in openapi/CHANGES.md.
// Exit status: 0 pass (or not run under --if-history), 1 undeclared break, 2 cannot run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBase } from './base';
import { CONTRACT_ENTRY, loadContract } from './contract';
import { CHANGES_FILE, readDeclarations } from './declared';
import { GateError, HistoryUnavailable, messageOf } from './errors';
import { isUndeclaredBreak } from './findings';
import { compareContracts } from './gate';
import { HELP, parseOptions, type GateOptions } from './options';
import { formatResult } from './report';

export const EXIT = { pass: 0, breaking: 1, cannotRun: 2 } as const;

export interface GateIo {
  out(line: string): void;
  err(line: string): void;
}

interface RunContext {
  /** The project root: where openapi/ is, inside the git work tree. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  io: GateIo;
}

async function compare(options: GateOptions, { cwd, io }: RunContext, scratch: string): Promise<number> {
  const entry = path.join(cwd, CONTRACT_ENTRY);
  if (!fs.existsSync(entry)) throw new GateError(`no ${CONTRACT_ENTRY} in ${cwd}; run from the project root`);
  // Read first: a malformed CHANGES.md should fail before the slow part.
  const declarations = readDeclarations(path.join(cwd, CHANGES_FILE));
  const base = await loadBase(options.base, cwd, scratch);
  const revision = await loadContract(entry, 'the working tree');
  const result = await compareContracts(base.document, revision, declarations);
  for (const line of formatResult(result, base.label)) io.out(line);
  return result.findings.some(isUndeclaredBreak) ? EXIT.breaking : EXIT.pass;
}

export async function runGate(argv: string[], context: RunContext): Promise<number> {
  const { io } = context;
  let options: GateOptions;
  try {
    options = parseOptions(argv, context.env);
  } catch (error) {
    io.err(`breaking: ${messageOf(error)}`);
    return EXIT.cannotRun;
  }
  if (options.help) {
    io.out(HELP);
    return EXIT.pass;
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'breaking-base-'));
  try {
    return await compare(options, context, scratch);
  } catch (error) {
    if (error instanceof HistoryUnavailable && options.ifHistory) {
      io.out(`breaking-change gate not run: ${error.message}.`);
      return EXIT.pass;
    }
    if (error instanceof HistoryUnavailable) {
      io.err(`breaking: no base to compare with: ${error.message} (give --base or --base-file, or --if-history to skip)`);
    } else if (error instanceof GateError) {
      io.err(`breaking: ${error.message}`);
    } else {
      io.err(`breaking: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    return EXIT.cannotRun;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const io: GateIo = { out: (line) => console.log(line), err: (line) => console.error(line) };
  runGate(process.argv.slice(2), { cwd: process.cwd(), env: process.env, io }).then((code) => {
    process.exitCode = code;
  });
}
