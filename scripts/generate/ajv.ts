// The one Ajv configuration every validator is compiled with: JSON Schema 2020-12 (the
// contract's jsonSchemaDialect), strict mode, and the OpenAPI keywords it uses registered
// by name, so an unknown keyword still fails the build instead of being ignored.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** Keywords that are OpenAPI or contract annotations, not validation rules. */
export const ANNOTATION_KEYWORDS = [
  'example',
  'xml',
  'externalDocs',
  'discriminator',
  'x-unspecified',
  'x-modelling-choice',
  'x-from-prose',
  'x-string-role',
  'x-filter',
  'x-references',
] as const;

/** The values an annotation may take, where they are few: a misspelt one fails the build. */
const ANNOTATION_VALUES = {
  // What a string of a body names (openapi/README.md): a human-readable message, or a code.
  'x-string-role': { enum: ['message', 'code'] },
} as const;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    // `type: [string, 'null']` is how 3.1 writes nullability; strict mode needs this to allow it.
    allowUnionTypes: true,
    allErrors: true,
    code: { source: true, lines: true },
  });
  addFormats(ajv, ['uuid', 'date', 'date-time', 'email', 'uri']);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, ...(keyword in ANNOTATION_VALUES && { metaSchema: ANNOTATION_VALUES[keyword as keyof typeof ANNOTATION_VALUES] }) });
  return ajv;
}
