// Values for one input, derived from its schema: the valid ones at every bound and every enum
// value (positive), one past each bound, one outside each enum, wrong types and broken formats
// (negative), and the classes of input that break real servers (open: a 4xx or a correct
// answer). Each is only an intent here; cases/classify.ts proves it on the request as sent.
import type { JsonSchema } from '../contract/document';
import type { Expectation } from '../engine/request';
import { typesOf } from './coerce';

export interface Sample {
  value: unknown;
  /** In words, for messages: "a name of exactly 200 non-ASCII characters". */
  label: string;
  intent: Intent;
  /** A value of another JSON type than the declared one. */
  wrongType?: true;
}

export interface ValueContext {
  /** A recognisable text for values the run stores (names of watchdogs it creates). */
  tag: string;
  /** Existing resources a UUID may name (e.g. company UUIDs for `companies`), by input name. */
  references(name: string): string[] | undefined;
  /** A UUID nothing in the deployment has. */
  freshUuid(): string;
}

/** Fill characters by class: one code point each, one or two UTF-16 units. */
const FILL = { ASCII: 'x', 'non-ASCII': 'é', astral: '𝔄' } as const;

/** `prefix` padded to exactly `length` code points. */
export function ofLength(prefix: string, length: number, fill: string): string {
  const head = [...prefix].slice(0, Math.max(0, length - 1)).join('');
  return head + fill.repeat(length - [...head].length);
}

/**
 * What a sample intends; `as-proven`: whatever the proof shows (cases/classify.ts): a correct
 * answer where the value is valid for the input (the published success), a refusal where it is
 * invalid (a pattern refuses it), a 4xx or a correct answer where its validity is open.
 */
export type Intent = Expectation | 'as-proven';

export interface OddString {
  value: string;
  label: string;
  intent: Intent;
}

/**
 * Strings that break real servers, one class each, so a failure names the class that broke: the
 * characters parsers and query languages give a meaning to (percent-encoding, regular expressions,
 * SQL LIKE, quotes, backslash escapes) and those storage gets wrong (outside the BMP). These are
 * text like any other: valid wherever the input takes any string, so sent as proven. Empty and
 * blank values, NUL, other control characters, a lone surrogate, bidirectional controls and
 * markup are open (a 4xx or a correct answer): widespread validators refuse them (Django REST
 * framework's CharField refuses NUL and surrogates, blank strings; proxies' filters refuse
 * markup), and the document says nothing either way.
 */
export const ODD_STRINGS: ReadonlyArray<OddString> = [
  { value: '', label: 'an empty string', intent: 'any' },
  { value: ' ', label: 'a single space', intent: 'any' },
  { value: '\u0000', label: 'a NUL character', intent: 'any' },
  { value: 'line\nbreak\ttab\rreturn\u001besc\u007fdel', label: 'control characters', intent: 'any' },
  { value: '<script>&amp;</script>', label: 'markup and an entity', intent: 'any' },
  { value: '\ud800', label: 'a lone surrogate', intent: 'any' },
  { value: '\u202emirrored Ünïcödé', label: 'right-to-left and combining characters', intent: 'any' },
  // On the wire as %25, %2525 and %25zz: a server that decodes twice meets %, then a broken escape.
  { value: '100% %25 %zz', label: 'percent signs and escapes (%, %25, %zz)', intent: 'as-proven' },
  { value: '(x[y*+?{', label: 'regular-expression metacharacters (an unbalanced ( and [, *, +, ?)', intent: 'as-proven' },
  { value: 'snake_case_', label: 'underscores (the SQL LIKE wildcard beside %)', intent: 'as-proven' },
  { value: 'it\'s "quoted" `ticked`;--', label: "quotes (', \", `) and a SQL comment", intent: 'as-proven' },
  { value: 'C:\\path\\u0041\\', label: 'backslashes (\\u0041 as text, one at the end)', intent: 'as-proven' },
  { value: '𝔄😀𠜎', label: 'characters outside the BMP (two UTF-16 units, four UTF-8 bytes each)', intent: 'as-proven' },
];

/** Values of the wrong JSON type for a schema (the classifier drops those lenient servers coerce). */
function wrongTypes(schema: JsonSchema): Sample[] {
  const types = typesOf(schema);
  const candidates: Array<[unknown, string]> = [
    [true, 'true'],
    [null, 'null'],
    [{}, 'an object'],
    [[], 'an array'],
    [123, 'a number'],
    ['maybe', 'a string'],
  ];
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'integer' : typeof value);
  return candidates
    .filter(([value]) => !types.includes(kind(value)) && !(kind(value) === 'integer' && types.includes('number')))
    .map(([value, label]) => ({ value, label: `${label} instead of ${types.join(' or ') || 'the declared type'}`, intent: 'refuse' as const, wrongType: true as const }));
}

function stringSamples(schema: JsonSchema, name: string, ctx: ValueContext, how: How): Sample[] {
  const samples: Sample[] = [];
  const enumeration = schema.enum as unknown[] | undefined;
  if (enumeration) {
    for (const value of enumeration) samples.push({ value, label: `${name} = ${JSON.stringify(value)} (a listed value)`, intent: 'accept' });
    samples.push({ value: 'zz-not-listed', label: `${name} outside the listed values`, intent: 'refuse' });
    return samples;
  }
  if (schema.format === 'uuid') {
    const known = ctx.references(name)?.[0];
    if (known) samples.push({ value: known, label: `${name} naming an existing resource`, intent: 'accept' });
    // A filter naming nothing finds nothing; a reference to nothing may be refused.
    samples.push({ value: ctx.freshUuid(), label: `${name} naming nothing that exists`, intent: how.filter ? 'accept' : 'any' });
    samples.push({ value: ctx.freshUuid().toUpperCase(), label: `${name} as an upper-case UUID`, intent: 'any' });
    for (const [bad, label] of [['not-a-uuid', 'a word'], ['123', 'a number'], ['zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 'non-hex digits'], [`${ctx.freshUuid()}0`, 'a digit too many']]) {
      samples.push({ value: bad, label: `${name} as ${label}, not a UUID`, intent: 'refuse' });
    }
    return samples;
  }
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  samples.push({ value: `${ctx.tag}`, label: `${name} as plain text`, intent: 'accept' });
  if (max !== undefined) {
    for (const [kind, fill] of Object.entries(FILL)) {
      samples.push({ value: ofLength(`${ctx.tag}-`, max, fill), label: `${name} of exactly ${max} ${kind} characters (the maximum)`, intent: 'accept' });
      samples.push({ value: ofLength(`${ctx.tag}-`, max + 1, fill), label: `${name} of ${max + 1} ${kind} characters (one over the maximum)`, intent: 'refuse' });
    }
  } else {
    samples.push({ value: ofLength(`${ctx.tag}-`, 4096, 'x'), label: `${name} of 4096 characters (no bound is published)`, intent: 'any' });
  }
  for (const odd of ODD_STRINGS) samples.push({ value: odd.value, label: `${name} as ${odd.label}`, intent: odd.intent });
  return samples;
}

function integerSamples(schema: JsonSchema, name: string): Sample[] {
  const samples: Sample[] = [];
  const bound = (key: 'minimum' | 'maximum', step: number) => {
    const limit = schema[key];
    if (typeof limit !== 'number') return;
    samples.push({ value: limit, label: `${name} = ${limit} (the ${key})`, intent: 'accept' });
    samples.push({ value: limit + step, label: `${name} = ${limit + step} (one past the ${key})`, intent: 'refuse' });
  };
  bound('minimum', -1);
  bound('maximum', 1);
  for (const value of [1, 2, 0, -1, 2 ** 31, 10 ** 20]) samples.push({ value, label: `${name} = ${value}`, intent: 'any' });
  samples.push({ value: 1.5, label: `${name} = 1.5, not an integer`, intent: 'refuse' });
  samples.push({ value: 'abc', label: `${name} = "abc", not an integer`, intent: 'refuse' });
  return samples;
}

/** How an input is sent: as text on the wire (parameters, form fields), and whether it filters a list. */
export interface How {
  /** Sent as text (query and path parameters, form fields): wrong JSON types do not exist there. */
  wire?: boolean;
  /** A list filter: a value that matches nothing is valid and finds nothing. */
  filter?: boolean;
}

/** Samples for an input; the classifier reads each back as a server does before it counts. */
export function samplesFor(schema: JsonSchema, name: string, ctx: ValueContext, how: How = {}): Sample[] {
  const wire = how.wire === true;
  const types = typesOf(schema);
  const samples: Sample[] = [];
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as JsonSchema;
    const itemSamples = samplesFor(items, name, ctx, how);
    if (!wire) samples.push({ value: [], label: `${name} empty`, intent: 'accept' });
    const positive = itemSamples.filter((s) => s.intent === 'accept');
    for (const item of positive.slice(0, wire ? positive.length : 2)) samples.push({ value: [item.value], label: `${name} with ${item.label}`, intent: 'accept' });
    if (positive.length > 1) samples.push({ value: positive.slice(0, 2).map((s) => s.value), label: `${name} with two values`, intent: 'accept' });
    // Duplicates are not published either way: refused or taken once, never a crash (a unique constraint hit twice).
    if (positive.length) samples.push({ value: [positive[0]!.value, positive[0]!.value], label: `${name} with the same value twice`, intent: 'any' });
    for (const item of itemSamples.filter((s) => s.intent !== 'accept')) samples.push({ value: [item.value], label: `${name} holding ${item.label}`, intent: item.intent });
    if (!wire) {
      samples.push({ value: [null], label: `${name} holding null`, intent: 'refuse' });
      samples.push(...wrongTypes(schema).map((s) => ({ ...s, label: `${name} as ${s.label}` })));
    }
    return samples;
  }
  if (types.includes('string')) samples.push(...stringSamples(schema, name, ctx, how));
  else if (types.includes('integer') || types.includes('number')) samples.push(...integerSamples(schema, name).map((s) => (wire ? { ...s, value: String(s.value) } : s)));
  else if (types.includes('boolean')) {
    samples.push({ value: true, label: `${name} = true`, intent: 'accept' }, { value: false, label: `${name} = false`, intent: 'accept' });
    if (wire) samples.push({ value: 'maybe', label: `${name} = "maybe", not a boolean`, intent: 'refuse' });
  }
  if (!wire) samples.push(...wrongTypes(schema).map((s) => ({ ...s, label: `${name} as ${s.label}` })));
  return samples;
}

/** A valid value for an input, for the base request every case varies from. */
export function typicalValue(schema: JsonSchema, name: string, ctx: ValueContext): unknown {
  return samplesFor(schema, name, ctx).find((s) => s.intent === 'accept')?.value;
}
