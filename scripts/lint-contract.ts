// `npm run lint:contract`: structural validation (swagger-parser) then Redocly's recommended
// rules (redocly.yaml). Both must pass; warnings are fixed or disabled with a reason there.
import SwaggerParser from '@apidevtools/swagger-parser';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ENTRY = path.resolve(__dirname, '../openapi/openapi.yaml');

async function main(): Promise<void> {
  await SwaggerParser.validate(ENTRY);
  console.log('swagger-parser: openapi/openapi.yaml is a valid OpenAPI document.');
  const redocly = require.resolve('@redocly/cli/bin/cli.js');
  const lint = spawnSync(process.execPath, [redocly, 'lint', '--max-problems', '200', ENTRY], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  // Redocly prints a Node 20 end-of-support banner on stderr; keep only its verdict lines.
  const output = `${lint.stdout}${lint.stderr}`.split('\n').filter((line) => !/[║╔╚]/.test(line));
  const warnings = output.some((line) => /warning/i.test(line) && !/0 warnings/.test(line));
  if (lint.status !== 0 || warnings) {
    console.error(output.join('\n'));
    throw new Error('redocly lint found problems (see above)');
  }
  console.log('redocly lint (recommended): no errors, no warnings.');
}

main().catch((error: unknown) => {
  console.error(`lint:contract: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
