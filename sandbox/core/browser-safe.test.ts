// The core runs inside a browser page under MSW: it and everything it imports must bundle for
// the browser (esbuild refuses node: modules there) and use no Node global.
import path from 'node:path';
import { build } from 'esbuild';

test('the core bundles for the browser and uses no Node global', async () => {
  const result = await build({
    entryPoints: [path.join(__dirname, 'index.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  // The bundle really holds the core and the protocol it uses (not an empty stand-in).
  expect(inputs).toEqual(expect.arrayContaining(['sandbox/core/app.ts', 'protocol/credentials.ts', 'generated/validators.cjs']));
  const code = result.outputFiles[0]!.text;
  expect(code.match(/\b(Buffer|process|__dirname|__filename|setImmediate)\b/g) ?? []).toEqual([]);
});
