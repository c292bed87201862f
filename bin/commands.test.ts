// Every command of `contract-kit` answers --help from its help module, which exports the usage
// (the packaging test runs each --help where no optional peer is installed).
import path from 'node:path';
import { COMMANDS } from './commands';

test.each(Object.entries(COMMANDS))('%s: its help module exports its usage', (_name, command) => {
  expect((require(path.join(__dirname, command.help)) as { HELP?: unknown }).HELP).toMatch(/^Usage: /);
});
