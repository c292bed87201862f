// Every command of `contract-kit` answers --help from its help module, which exports the usage
// (the packaging test runs each --help where no optional peer is installed).
import path from 'node:path';
import { COMMANDS } from './commands';
import { run } from './contract-kit';

test.each(Object.entries(COMMANDS))('%s: its help module exports its usage', (_name, command) => {
  expect((require(path.join(__dirname, command.help)) as { HELP?: unknown }).HELP).toMatch(/^Usage: /);
});

test('a subcommand delegated to a command of its own runs it: `conformance strength --help` is strength\'s help', () => {
  const printed: unknown[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((text: unknown) => void printed.push(text));
  try {
    run(['conformance', 'strength', '--help']);
  } finally {
    log.mockRestore();
  }
  expect(printed).toEqual([(require(path.join(__dirname, COMMANDS.strength!.help)) as { HELP: string }).HELP]);
  expect(COMMANDS.conformance!.delegates).toEqual({ strength: 'strength' });
});
