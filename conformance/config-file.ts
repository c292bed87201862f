// conformance.config.json: what QA knows of a deployment and sets once — data the suite cannot
// find itself (identifiers of any resource that exist, a search that finds results), headers a gateway
// needs, the operations to judge, the public base URL links carry, and defaults for the flags.
// Checked on load against config.schema.json (shipped, so editors complete and check it too) and
// against the contract: a mistake is one line naming the key.
import fs from 'node:fs';
import path from 'node:path';
import { resources, type OperationId, type ResourceName } from '../generated';
import { resourceReferencedBy } from '../protocol/meaning';
import { FACTS, LISTS, OPERATION_IDS } from './contract/facts';
import type { KnownData } from './engine/types';
import { ownHeaderProblem } from './engine/wire';
import schema from './config.schema.json';
import { validateConfig, type ConfigSchemaError } from './config-validator';
import { UsageError } from './usage-error';

/** Read from the working directory when no --config names another. */
export const CONFIG_FILE = 'conformance.config.json';

/** The file as written (after the schema's check). */
export interface ConfigFile extends KnownData {
  baseUrl?: string;
  publicBaseUrl?: string;
  headers?: Record<string, string>;
  operations?: { include?: string[]; exclude?: string[] };
  writes?: boolean;
  only?: string[];
  budget?: number;
  timeout?: number;
  maxPages?: number;
  rateLimit?: string;
  patience?: number;
}

export interface LoadedConfig {
  /** The file, as the user named it (for messages). */
  name: string;
  values: ConfigFile;
  /** The operations the run sends nothing to. */
  excluded: OperationId[];
}

/** The schema's check, as a guard. */
const isConfigFile = (values: unknown): values is ConfigFile => validateConfig(values);
const KEYS = Object.keys(schema.properties).filter((key) => key !== '$schema');
/** The secrets' variables: a file is no place for them (it gets committed, copied, attached). */
const SECRET_KEYS: Record<string, string> = { token: 'CONFORMANCE_TOKEN', limitedToken: 'CONFORMANCE_LIMITED_TOKEN', sessionId: 'CONFORMANCE_SESSION_ID' };

/** `/companies/1` → `companies[1]`, `/operations/include` → `operations.include`. */
const keyOf = (pointer: string) => pointer.split('/').slice(1).map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : `${i ? '.' : ''}${part.replace(/~1/g, '/').replace(/~0/g, '~')}`)).join('');

/** The first schema error as one line naming the key (never a header's value). */
function describe(error: ConfigSchemaError): string {
  const at = keyOf(error.instancePath);
  const where = at ? `${at}: ` : '';
  if (error.propertyName !== undefined) return `${where}"${error.propertyName}" is not a header name (letters, digits and !#$%&'*+.^_\`|~- only)`;
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      const known = at ? Object.keys((schema.properties as Record<string, { properties?: object }>)[at]?.properties ?? {}) : KEYS;
      if (!at && SECRET_KEYS[extra]) return `${extra}: secrets do not belong in a file; set ${SECRET_KEYS[extra]}`;
      return `${where}unknown key "${extra}"${known.length ? `; keys: ${known.join(', ')}` : ''}`;
    }
    case 'format':
      return `${where}must be a ${String((error.params as { format: string }).format).toUpperCase()}`;
    case 'pattern':
      return at === 'rateLimit' ? `${where}must be rates such as 5/s, 300/min, 20/10s or companiesSearch=20/10s, comma-separated` : `${where}must be an http(s) URL`;
    case 'enum':
      return `${where}must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues).join(', ')}`;
    default:
      return `${where}${error.message ?? 'is not valid'}`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Identifiers of a resource the contract does not declare, or not of its format. */
function idsProblem(values: ConfigFile): string | undefined {
  const declared = Object.keys(resources) as ResourceName[];
  for (const [name, ids] of Object.entries(values.ids ?? {})) {
    if (!declared.includes(name as ResourceName)) return `ids.${name}: the contract declares no resource "${name}"; resources: ${declared.join(', ')}`;
    const format = (resources as Record<string, { format?: string }>)[name]!.format;
    const bad = format === 'uuid' ? ids.findIndex((id) => !UUID.test(id)) : -1;
    if (bad >= 0) return `ids.${name}[${bad}]: must be a UUID (the contract's ${name} identifiers are)`;
  }
  for (const key of ['companies', 'tags'] as const) {
    if (values[key] && !resourceReferencedBy(key)) return `${key}: no field of the contract named ${key} refers to a resource any more; give ids.<resource>`;
  }
  return undefined;
}

/** A line naming the first thing the contract refuses in the file: an unknown operation or resource, a search body it would refuse, a header the suite sets. */
function contractProblem(values: ConfigFile): string | undefined {
  const ids = idsProblem(values);
  if (ids) return ids;
  for (const list of ['include', 'exclude'] as const) {
    const unknown = (values.operations?.[list] ?? []).findIndex((op) => !OPERATION_IDS.includes(op as OperationId));
    if (unknown >= 0) return `operations.${list}[${unknown}]: no operation "${values.operations![list]![unknown]}"; operations: ${OPERATION_IDS.join(', ')}`;
  }
  if (values.search) {
    const searchable = LISTS.find((op) => FACTS[op].bodies.length);
    const body = searchable && FACTS[searchable].bodies.find((b) => b.mediaType === 'application/json');
    // The contract leaves other fields open (it does not forbid them), so its check lets a
    // misspelt key through, and the search would quietly ignore it: only its fields are data.
    const fields = Object.keys(body?.schema.properties ?? {});
    const unknown = Object.keys(values.search).find((key) => fields.length > 0 && !fields.includes(key));
    if (unknown !== undefined) return `search: unknown key "${unknown}"; keys: ${fields.join(', ')}`;
    const checked = body?.validate(values.search);
    if (checked && !checked.valid) return `search: the contract refuses this body (${checked.errors[0]})`;
  }
  for (const name of Object.keys(values.headers ?? {})) {
    const problem = ownHeaderProblem(name);
    if (problem) return `headers.${name}: ${problem}`;
  }
  return undefined;
}

/**
 * The config file: `--config <file>` (it must exist), else conformance.config.json in the working
 * directory when there is one. Undefined when there is none; a UsageError naming the key for a mistake.
 */
export function loadConfigFile(given: string | undefined, cwd: string): LoadedConfig | undefined {
  const file = path.resolve(cwd, given ?? CONFIG_FILE);
  const name = given ?? CONFIG_FILE;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && given === undefined) return undefined;
    throw new UsageError(`--config ${name}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name} is not JSON: ${(error as Error).message}`);
  }
  if (!isConfigFile(values)) throw new UsageError(`${name}: ${describe(validateConfig.errors![0]!)}`);
  const problem = contractProblem(values);
  if (problem) throw new UsageError(`${name}: ${problem}`);
  const { include, exclude = [] } = values.operations ?? {};
  const excluded = OPERATION_IDS.filter((op) => (include !== undefined && !include.includes(op)) || exclude.includes(op));
  if (excluded.length === OPERATION_IDS.length) throw new UsageError(`${name}: operations: every operation is excluded; nothing would be judged`);
  return { name, values, excluded };
}
