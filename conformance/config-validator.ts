// The config file's schema (config.schema.json) as a validator. Here ajv compiles it on load; the
// build (scripts/build) puts in its place in dist/ the same validator compiled ahead — ajv's
// standalone code with its few runtime helpers bundled, as the contract's validators are — so the
// installed suite needs no ajv.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import schema from './config.schema.json';

/** How the schema is compiled, here and by the build. */
export const CONFIG_AJV_OPTIONS = { allErrors: false, strict: true } as const;

/** A schema error, as much of ajv's ErrorObject as the messages read. */
export interface ConfigSchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  propertyName?: string;
  message?: string;
}

export interface ConfigValidator {
  (value: unknown): boolean;
  errors?: ConfigSchemaError[] | null;
}

export const validateConfig: ConfigValidator = addFormats(new Ajv(CONFIG_AJV_OPTIONS)).compile(schema);
