// A watchdog sequence as data: concrete steps (create, PATCH, activate, deactivate, subscribe,
// unsubscribe), what a sequence knows as it goes (the watchdogs, each with the model of its
// expected state), and each step as the request it sends. execute.ts sends and judges them; the
// lifecycle phase runs the deterministic sequences and the ones fast-check draws (moves.ts);
// `conformance replay` runs a failure's steps again.
import type { OperationId } from '../../../generated';
import { withProof } from '../../cases/requests';
import { ofLength } from '../../cases/values';
import { bodyFieldMaxLength, FACTS } from '../../contract/facts';
import type { Step } from '../../engine/replay-case';
import type { RequestSpec } from '../../engine/request';
import type { Expected } from '../../model/watchdogs';
import { referenceOf } from '../../../protocol/meaning';
import { givenIds, knownIds, PROMPT, runTag, seededUuid } from '../../runner/fixtures';
import type { Run } from '../../runner/run';

export const OPS = {
  create: 'watchdogsCreate',
  patch: 'watchdogsEventsPartialUpdate',
  activate: 'watchdogsActivate',
  deactivate: 'watchdogsDeactivate',
  subscribe: 'watchdogsSubscribe',
  unsubscribe: 'watchdogsUnsubscribe',
} as const satisfies Record<string, OperationId>;

/** What the run offers a sequence: existing companies, a pool of made-up tags, names by kind. */
export interface SequenceContext {
  run: Run;
  companies: string[];
  tags: string[];
  /** The tags exist (the config names them); otherwise they are made up. */
  tagsKnown: boolean;
  /** A made-up tag was refused: whether tags must exist is not published, so sequences go on without them. */
  tagsRefused: boolean;
  /** The create body's published name maxLength; undefined where the contract states none. */
  maxName: number | undefined;
  /** Lists of many items for the writes that hold: companies of the deployment, tags (the config's, or made up). */
  many: { companies: string[]; tags: string[] };
  /**
   * The write that shows a watchdog without changing what the model compares, once one was
   * accepted (`none`: each was refused); undefined until then.
   */
  observer?: ObserverKind;
}

/** PATCH with no field; or, where the event path is refused, subscribe with empty lists. */
export type ObserverKind = 'patch' | 'subscribe' | 'none';

/** A write as the observations name it. */
export interface Written {
  op: OperationId;
  purpose: string;
  status: number;
  refused: boolean;
}

export interface Watchdog {
  uuid: string;
  expected: Expected;
  /** The last write to it (the writes sent together), which its next observation judges. */
  last?: Written[];
  /** Writes to the sequence's other watchdogs since its own last answer (the frame condition). */
  since?: Written[];
}

export interface SequenceState {
  watchdogs: Watchdog[];
  steps: Step[];
  created: number;
  /** Past an answer that departs from the model, go on from what the deployment showed (the writes-that-hold sequences). */
  goOn?: true;
}

/** Stops a sequence: its failure is recorded already. */
export class SequenceStop extends Error {}

/** The request a step sends (its place in the sequence names it). */
export function specOf(ctx: SequenceContext, state: SequenceState, step: Step): RequestSpec {
  const facts = FACTS[step.op];
  const params: Record<string, string> = {};
  const madeUp: string[] = [];
  for (const p of facts.parameters.filter((param) => param.in === 'path')) {
    if (p.schema.format === 'uuid') params[p.name] = state.watchdogs[step.target ?? 0]!.uuid;
    else {
      params[p.name] = seededUuid(ctx.run, `lifecycle:${p.name}:${step.pathKey ?? state.steps.length}`);
      madeUp.push(`path/${p.name}`);
    }
  }
  if (!ctx.tagsKnown && Array.isArray(step.body.tags) && step.body.tags.length) madeUp.push('body/tags');
  const target = step.target === undefined ? '' : ` #${step.target}`;
  const why = step.observes ? ' (to see the watchdog: it changes nothing the model compares)' : step.together ? ' (sent at once with the writes beside it)' : '';
  const spec: RequestSpec = { operationId: step.op, purpose: `lifecycle step ${state.steps.length + 1}: ${step.op}${target} ${JSON.stringify(step.body).slice(0, 160)}${why}`, params, body: { kind: 'json', value: step.body }, resource: 'existing', ...(madeUp.length && { madeUp }) };
  return withProof(spec, step.mayRefuse ? 'any' : 'accept');
}

export type NameKind = 'plain' | 'maximum' | 'maximum-non-ascii' | 'umlauts';

export function nameOf(ctx: SequenceContext, kind: NameKind, n: number): string {
  const prefix = `${runTag(ctx.run, 'life')}-${n}`;
  switch (kind) {
    case 'plain':
      return prefix;
    // Without a published maximum there is no longest valid name to try: a plain one instead.
    case 'maximum':
      return ctx.maxName === undefined ? prefix : ofLength(`${prefix}-`, ctx.maxName, 'x');
    case 'maximum-non-ascii':
      return ctx.maxName === undefined ? prefix : ofLength(`${prefix}-`, ctx.maxName, 'ü');
    case 'umlauts':
      return `${prefix} Bäckerei Müller & Söhne`;
  }
}

/** The current value of a field, for bodies that restate it (the published activate and deactivate bodies). */
export const current = (w: Watchdog) => ({ name: w.expected.name[0]!, prompt: w.expected.prompt[0]!, companies: w.expected.companies[0]!, tags: w.expected.tags[0]! });

/** Items in the lists of many items: more than the 20 a page size reused as a cap would keep. */
const MANY = 25;

export async function sequenceContext(run: Run): Promise<SequenceContext> {
  // The resources the create body's fields refer to (x-references): companies a list serves, tags only the config names.
  const ids = await knownIds(run);
  const [company, tag] = [referenceOf(OPS.create, 'body', 'companies'), referenceOf(OPS.create, 'body', 'tags')];
  const all = [...new Set((company ? ids.get(company.name) ?? [] : []).map((uuid) => uuid.toLowerCase()))];
  const known = [...new Set((tag ? givenIds(run, tag.name) : []).map((uuid) => uuid.toLowerCase()))];
  const madeUp = (n: number) => Array.from({ length: n }, (_, i) => seededUuid(run, `tag:${i}`));
  return {
    run,
    companies: all.slice(0, 12),
    tags: known.length ? known.slice(0, 4) : madeUp(4),
    tagsKnown: known.length > 0,
    tagsRefused: false,
    maxName: bodyFieldMaxLength(OPS.create, 'name'),
    many: { companies: all.slice(0, MANY), tags: known.length ? known.slice(0, MANY) : madeUp(MANY) },
  };
}

/**
 * Watchdogs created as lenient servers read them: name and prompt with surrounding whitespace
 * (kept, or trimmed: a warning), and is_active given as the text "false" (refused, or taken as false).
 */
export function lenientSteps(ctx: SequenceContext): Step[] {
  return [
    { op: OPS.create, body: { name: `  ${runTag(ctx.run, 'life')}-padded  `, prompt: ` ${PROMPT}\n` }, mayRefuse: true },
    { op: OPS.create, body: { name: `${runTag(ctx.run, 'life')}-false-as-text`, prompt: PROMPT, is_active: 'false' }, mayRefuse: true },
  ];
}

/**
 * The deterministic sequence every run starts with: a watchdog with every field set, then PATCH
 * with each field alone (every other field must be kept), with no field at all, a partial
 * subscribe and unsubscribe, activate and deactivate. The random sequences explore from there.
 */
export function coverageSteps(ctx: SequenceContext): Step[] {
  const [c1, c2, c3] = [0, 1, 2].map((i) => ctx.companies[i % Math.max(1, ctx.companies.length)]).filter((c): c is string => c !== undefined);
  const companies = [...new Set([c1, c2].filter((c): c is string => c !== undefined))];
  // The config may name fewer than three tags: the pool is taken round.
  const [t1, t2, t3] = [0, 1, 2].map((i) => ctx.tags[i % ctx.tags.length]!);
  const name = (label: string) => `${runTag(ctx.run, 'life')}-${label}`;
  const patch = (body: Record<string, unknown>): Step => ({ op: OPS.patch, target: 0, body });
  const restate = (op: OperationId, label: string): Step => ({ op, target: 0, body: { name: name(label), prompt: PROMPT } });
  return [
    { op: OPS.create, body: { name: name('all-fields'), prompt: PROMPT, companies, tags: [...new Set([t1, t2])], is_active: false } },
    patch({ name: name('renamed') }),
    patch({ prompt: `${PROMPT} (changed)` }),
    patch({ companies: c3 ? [c3] : [] }),
    patch({ tags: [t3] }),
    patch({ is_active: true }),
    patch({}),
    { op: OPS.subscribe, target: 0, body: { companies, tags: [...new Set([t1, t2])] } },
    { op: OPS.unsubscribe, target: 0, body: { companies: companies.slice(0, 1), tags: [t1] } },
    restate(OPS.deactivate, 'deactivated'),
    restate(OPS.activate, 'activated'),
  ];
}
