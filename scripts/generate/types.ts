// generated/schema.d.ts: openapi-typescript's `paths`, `components` and `operations`.
import openapiTS, { astToString } from 'openapi-typescript';
import { GENERATED_BANNER } from './banner';
import type { OpenApiDocument } from './bundle';

export async function renderTypes(doc: OpenApiDocument): Promise<string> {
  // openapi-typescript mutates what it is given; hand it a copy.
  const ast = await openapiTS(structuredClone(doc) as never, { alphabetize: false });
  return `${GENERATED_BANNER}\n${astToString(ast)}`;
}
