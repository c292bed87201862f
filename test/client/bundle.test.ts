// A frontend that bundles the client gets the credential forms from the contract, not the
// contract's validators: generated/index.ts is data only, and the validators are reached only
// through protocol/validation.ts, which the client does not import.
import path from 'node:path';
import { build } from 'esbuild';

test('the client bundles for the browser without the validators', async () => {
  const result = await build({
    stdin: { contents: "export { createApiClient } from './client';", resolveDir: path.resolve(__dirname, '../..'), loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  // The forms are in (read from generated credentialForms)...
  expect(code).toContain('sessionCookieAuth');
  // ...the validators are not (they alone hold schema names like this one).
  expect(code).not.toContain('PaginatedMunicipalityList');
  expect(code.length).toBeLessThan(30_000);
});
