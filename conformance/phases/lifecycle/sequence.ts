// A watchdog sequence as data: concrete steps (create, PATCH, activate, deactivate, subscribe,
// unsubscribe), each sent, judged against the model of the expected state (model/watchdogs.ts)
// and moving it on. The lifecycle phase runs the deterministic coverage sequence and the ones
// fast-check draws (moves.ts); `conformance replay` runs a failure's steps again.
import type { OperationId } from '../../../generated';
import { withProof } from '../../cases/requests';
import { ofLength } from '../../cases/values';
import { bodyFieldMaxLength, FACTS } from '../../contract/facts';
import type { Step } from '../../engine/replay-case';
import { isSuccess, type RequestSpec } from '../../engine/request';
import { adopt, created, expectAfter, narrow } from '../../model/watchdogs';
import { observe, type Expected } from '../../model/watchdogs';
import { LIFECYCLE_RULES } from '../../rules/lifecycle';
import { referenceOf } from '../../../protocol/meaning';
import { givenIds, knownIds, PROMPT, runTag, seededUuid } from '../../runner/fixtures';
import type { HeldRun, Run } from '../../runner/run';

export const OPS = {
  create: 'watchdogsCreate',
  patch: 'watchdogsEventsPartialUpdate',
  activate: 'watchdogsActivate',
  deactivate: 'watchdogsDeactivate',
  subscribe: 'watchdogsSubscribe',
  unsubscribe: 'watchdogsUnsubscribe',
} as const satisfies Record<string, OperationId>;

/** Operations whose effect on a watchdog is not published: their lifecycle rules only warn. */
const UNPUBLISHED_EFFECT = new Set<OperationId>(LIFECYCLE_RULES.filter((rule) => rule.warnOnly && rule.operations.length === 1).map((rule) => rule.operations[0]!));

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
}

export interface Watchdog {
  uuid: string;
  expected: Expected;
}

export interface SequenceState {
  watchdogs: Watchdog[];
  steps: Step[];
  created: number;
}

/** Stops a sequence: its failure is recorded already. */
export class SequenceStop extends Error {}

function specOf(ctx: SequenceContext, state: SequenceState, step: Step): RequestSpec {
  const facts = FACTS[step.op];
  const params: Record<string, string> = {};
  const madeUp: string[] = [];
  for (const p of facts.parameters.filter((param) => param.in === 'path')) {
    if (p.schema.format === 'uuid') params[p.name] = state.watchdogs[step.target ?? 0]!.uuid;
    else {
      params[p.name] = seededUuid(ctx.run, `lifecycle:${p.name}:${state.steps.length}`);
      madeUp.push(`path/${p.name}`);
    }
  }
  if (!ctx.tagsKnown && Array.isArray(step.body.tags) && step.body.tags.length) madeUp.push('body/tags');
  const target = step.target === undefined ? '' : ` #${step.target}`;
  const spec: RequestSpec = { operationId: step.op, purpose: `lifecycle step ${state.steps.length + 1}: ${step.op}${target} ${JSON.stringify(step.body).slice(0, 160)}`, params, body: { kind: 'json', value: step.body }, resource: 'existing', ...(madeUp.length && { madeUp }) };
  return withProof(spec, step.mayRefuse ? 'any' : 'accept');
}

/** Sends one step, judges the answer against the model, and moves the model on. */
export async function executeStep(run: HeldRun, ctx: SequenceContext, state: SequenceState, step: Step): Promise<void> {
  const spec = specOf(ctx, state, step);
  state.steps.push(step);
  const replay = { kind: 'sequence' as const, steps: [...state.steps] };
  const x = await run.send(spec);
  if (!isSuccess(x.status)) {
    if (x.status < 500 && spec.madeUp?.includes('body/tags')) ctx.tagsRefused = true;
    if (run.failed()) throw new SequenceStop(`${spec.purpose}: answered ${x.status}`);
    // Refused for a made-up value (warned): nothing changed.
    if (step.op === OPS.create) state.watchdogs.push({ uuid: '', expected: created(step.body) });
    return;
  }
  const before = step.op === OPS.create ? undefined : state.watchdogs[step.target!]!.expected;
  const expected = before ? expectAfter(step.op, before, step.body) : created(step.body);
  const outcome = { op: step.op, sent: step.body, before, expected, observed: observe(x.json), x };
  for (const rule of LIFECYCLE_RULES) run.judge(rule, outcome, step.op, { exchange: x, replay });
  if (run.failed()) throw new SequenceStop(`${spec.purpose}: the answer departs from the model`);
  // Where the effect is not published (activate, deactivate), what the deployment shows is the new state.
  const next = UNPUBLISHED_EFFECT.has(step.op) ? adopt(expected, outcome.observed) : narrow(expected, outcome.observed);
  if (step.op === OPS.create) state.watchdogs.push({ uuid: String((x.json as { uuid?: unknown }).uuid), expected: next });
  else state.watchdogs[step.target!]!.expected = next;
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

export async function sequenceContext(run: Run): Promise<SequenceContext> {
  // The resources the create body's fields refer to (x-references): companies a list serves, tags only the config names.
  const ids = await knownIds(run);
  const [company, tag] = [referenceOf(OPS.create, 'body', 'companies'), referenceOf(OPS.create, 'body', 'tags')];
  const companies = (company ? ids.get(company.name) ?? [] : []).map((uuid) => uuid.toLowerCase()).slice(0, 12);
  const known = (tag ? givenIds(run, tag.name) : []).map((uuid) => uuid.toLowerCase());
  return {
    run,
    companies,
    tags: known.length ? known.slice(0, 4) : [0, 1, 2, 3].map((i) => seededUuid(run, `tag:${i}`)),
    tagsKnown: known.length > 0,
    tagsRefused: false,
    maxName: bodyFieldMaxLength(OPS.create, 'name'),
  };
}

/** Characters of a text field without a published maximum, for the step that sends one long. */
const LONG = 4096;

/**
 * A watchdog created with a prompt of LONG characters (the prompt's maximum is not published): it
 * may be refused, but a watchdog created from it holds the whole prompt, not one cut at a column's size.
 */
export function longValueSteps(ctx: SequenceContext): Step[] {
  const prompt = ofLength(`${PROMPT} `, LONG, 'x');
  return [{ op: OPS.create, body: { name: `${runTag(ctx.run, 'life')}-long-prompt`, prompt }, mayRefuse: true }];
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

/** Runs concrete steps from fresh watchdogs (a replayed or a first sequence). */
export async function runSteps(run: HeldRun, ctx: SequenceContext, steps: Step[]): Promise<void> {
  const state: SequenceState = { watchdogs: [], steps: [], created: 0 };
  try {
    for (const step of steps) await executeStep(run, ctx, state, step);
  } catch (error) {
    if (!(error instanceof SequenceStop)) throw error;
  }
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
