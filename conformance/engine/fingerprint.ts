// A failure's identity: what failed — the rule, the operation and the fact its message states
// (the input class a purpose names, the list property broken, the filter that kept the wrong
// items) — not the case that happened to show it. The fact is the message with every value taken
// out: the case's own values (filter values drawn from the deployment's data, which the seed
// picks), UUIDs, the run id in names, origins, quoted text, JSON, numbers. So the same bug shown
// by another case, another seed or another page of the same list has the same identity, and a
// baseline holds for every seed. This module alone decides it: the recorder stamps each failing
// finding with it, the baseline and the reports only compare and show it.
import { createHash } from 'node:crypto';
import type { ReplayCase } from './replay-case';
import type { RequestSpec } from './request';

export interface Identity {
  /** 16 hex digits of SHA-256 over rule, operation and fact. */
  fingerprint: string;
  /** The message with its values taken out: what a baseline entry says it stands for. */
  fact: string;
}

/** Messages show a long value cut (rules/filters.ts' `shown`): its first characters, then its length. */
const SHOWN_PREFIX = 32;
/** Values shorter than this are taken out only where they stand as values (`name=AT`, `(G, SG)`), never inside words. */
const SHORT = 3;

function leaves(value: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object' && depth < 4) for (const item of Object.values(value)) leaves(item, out, depth + 1);
  return out;
}

function specInputs(spec: RequestSpec): Array<[string, string]> {
  const body = spec.body;
  const fields = !body || body.kind === 'raw' ? [] : body.kind === 'json' ? Object.entries(body.value ?? {}).flatMap(([name, value]) => leaves(value).map((v): [string, string] => [name, v])) : body.fields;
  return [...(spec.query ?? []), ...Object.entries(spec.params ?? {}), ...fields];
}

/**
 * Every input the case sent, by name: the values are what a seed or the deployment's data chose;
 * the names of a list's inputs (its filters and its base) are which list was read, not what
 * failed, where the message shows them as `name=value`.
 */
function caseInputs(replay: ReplayCase | undefined): Array<[string, string]> {
  if (!replay) return [];
  switch (replay.kind) {
    case 'exchange':
      return specInputs(replay.spec);
    case 'equivalent':
      return [...specInputs(replay.base), ...specInputs(replay.spec)];
    case 'walk':
      return [...specInputs(replay.spec), ...replay.filters.flatMap((f) => f.values.map((v): [string, string] => [f.name, v]))];
    case 'sequence':
      return replay.steps.flatMap((step) => leaves(step.body).map((v): [string, string] => ['', v]));
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Not inside a word: a value `AT` is taken out of `country_code=AT`, not out of `ATTENTION`. */
const standalone = (value: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(value)}(?![\\p{L}\\p{N}_])`, 'gu');

const NUMBER = /^\d+(?:[.,]\d+)*$/;

/** What changes from run to run whatever the case: taken out first. */
const RUN: Array<[RegExp, string]> = [
  [/https?:\/\/[^\s"'`<>)]+/g, '<url>'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/conformance-[0-9a-z]+(-[\w-]*)?/g, '<name>'],
];

/** Text without what changes from run to run whatever the case: origins, UUIDs, names with the run id. */
export function withoutRunValues(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RUN) out = out.replace(pattern, replacement);
  return out;
}

/** Values whatever the case: quoted text (an item's name, a value as received), `name=value`, numbers. */
const VALUES: Array<[RegExp, string]> = [
  [/"(?:[^"\\]|\\.)*"|“[^”]*”|'[^'\s][^']*'/g, '"…"'],
  [/(=)[^\s&:,;)]+/g, '$1…'],
  [/\d+(?:[.,]\d+)*/g, '#'],
];

/** JSON in a message (a lifecycle step's body, a value as received), however nested, as `{…}` / `[…]`. */
function withoutJson(text: string): string {
  let out = text;
  for (let previous = ''; previous !== out; ) {
    previous = out;
    out = out.replace(/\{[^{}]*\}/g, '{…}').replace(/\[[^[\]]*\]/g, '[…]');
  }
  return out;
}

/** The fact a message states, without the values this case (or this run) happened to carry. */
export function factOf(message: string, replay?: ReplayCase): string {
  let text = withoutRunValues(message);
  const inputs = caseInputs(replay);
  // Numbers are taken out below, whatever they count (a page, an item, a value).
  const values = [...new Set(inputs.map(([, value]) => value).filter((v) => v.trim() !== '' && !NUMBER.test(v)))].sort((a, b) => b.length - a.length);
  for (const value of values) {
    const shown = [...value].length > 40 ? [...value].slice(0, SHOWN_PREFIX).join('') : value;
    if (shown.length < SHORT && !/^[A-Z0-9]+$/.test(shown)) continue;
    text = text.replace(standalone(shown), '…');
  }
  for (const [pattern, replacement] of VALUES) text = text.replace(pattern, replacement);
  // `country_code=… & status=…`: which list was read (the filters walked, the base) is not what failed.
  if (replay?.kind === 'walk' || (replay?.kind === 'exchange' && replay.spec.url)) {
    for (const name of new Set(inputs.map(([name]) => name).filter(Boolean))) text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escape(name)}(?: \\(body\\))?=…`, 'gu'), '…');
  }
  return withoutJson(text).replace(/…(?:\s*[|&…])*(?:\s*…)/g, '…').replace(/\s+/g, ' ').trim();
}

export function identityOf(rule: string, operationId: string, message: string, replay?: ReplayCase): Identity {
  const fact = factOf(message, replay);
  return { fingerprint: createHash('sha256').update(`${rule}\n${operationId}\n${fact}`).digest('hex').slice(0, 16), fact };
}
