// Bundles the split contract into one document, keeping component $refs (not dereferencing),
// so Prism, the validators and the types all read the same single file.
import { bundle, createConfig } from '@redocly/openapi-core';
import path from 'node:path';

export const CONTRACT_ENTRY = path.resolve(__dirname, '../../openapi/openapi.yaml');

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export async function bundleContract(entry = CONTRACT_ENTRY): Promise<OpenApiDocument> {
  const config = await createConfig({});
  const { bundle: result, problems } = await bundle({ ref: entry, config, dereference: false });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((p) => `${p.location[0]?.pointer ?? ''}: ${p.message}`);
    throw new Error(`cannot bundle ${path.relative(process.cwd(), entry)}:\n${lines.join('\n')}`);
  }
  return result.parsed as OpenApiDocument;
}
