// Equivalent requests, every run: each row of the catalogue (cases/equivalence/catalogue.ts) sent
// beside the request it transforms, and the two answers compared (rules/equivalence.ts). The
// requests transformed are those the suite already judges: each operation's complete valid base
// (in the key's form and in each cookie form shown on it), and for each list the request that
// gives every filter at once the values of one item of its data (the query rows rewrite its
// query; a search's in each of its media types), in the session's query form too.
import type { OperationId } from '../../generated';
import { transformationsOf, type Family, type Transformed } from '../cases/equivalence/index';
import { baseRequest, withProof } from '../cases/requests';
import { FACTS, LISTS, OPERATION_IDS } from '../contract/facts';
import { credentialForms, fullAccess, secretValue, shownOn, type CredentialForm } from '../engine/credentials';
import type { FilterRef } from '../engine/replay-case';
import { isSuccess, type Exchange, type RequestSpec } from '../engine/request';
import { settle } from '../engine/settle';
import type { Item, Reference } from '../engine/walk';
import { RULE_OF } from '../rules/equivalence';
import { FILTERS } from '../rules/filters';
import { BODY_KINDS, filteredRequest, onBase, reference, runTag } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { allowed, caseContext, sendCase } from './context';
import type { Phase } from './phase';

/** Sends one transformed request and judges it against the plain one's answer. */
async function sendTransformed(run: Run, plain: Exchange, { row, spec }: Transformed): Promise<void> {
  const x = await sendCase(run, spec);
  if (x) run.judge(RULE_OF[row.compare], { row, plain, x }, spec.operationId, { exchange: x, replay: { kind: 'equivalent', row: row.name, base: plain.spec, spec } });
}

/**
 * Sends a request plainly, then each of its transformations beside it. A state transition is sent
 * plainly twice first: only when the state it leads to accepts it again is each transformation
 * (sent from that state) comparable; otherwise none is sent, and its relations are skipped with why.
 */
export async function sendPairs(run: Run, plain: RequestSpec, transformed: Transformed[]): Promise<void> {
  if (transformed.length === 0 || !allowed(run, plain)) return;
  let answered = await sendCase(run, plain);
  if (answered && FACTS[plain.operationId].transition) {
    const again = isSuccess(answered.status) ? await sendCase(run, { ...plain, purpose: `${plain.purpose}, again (from the state it led to)` }) : undefined;
    const refusal = !isSuccess(answered.status) ? `it answered ${answered.status}` : again && !isSuccess(again.status) ? `sent again from the state it led to, it answered ${again.status}` : undefined;
    if (refusal) {
      // The states a transition starts from are not published: the refusal is the deployment's choice, and the relations stay unjudged, saying why.
      for (const rule of new Set(transformed.map((t) => RULE_OF[t.row.compare]))) {
        run.skip(rule, [plain.operationId], `${plain.purpose}: ${refusal}, so its transformations, sent from that state, would not be comparable (the states a transition starts from are not published)`);
      }
      return;
    }
    if (!again) return;
    answered = again;
    transformed = transformed.map((t) => ({ ...t, spec: { ...t.spec, stateProven: true } }));
  }
  const first = answered;
  if (first) await settle(transformed.map((t) => sendTransformed(run, first, t)));
}

/** The run has the secret this form carries. */
const given = (run: Run, form: CredentialForm) => {
  const credential = fullAccess(form.scheme);
  return credential !== 'none' && 'secret' in credential && secretValue(run.config, credential.secret) !== undefined;
};

/** The rows each kind of request is transformed by. */
const ON_BASE: Family[] = ['framing', 'JSON text', 'media type', 'Accept', 'credential', 'method', 'condition'];
const ON_COOKIE: Family[] = ['credential'];
const ON_FILTERS: Family[] = ['query', 'framing', 'JSON text', 'media type'];

/** The operation's complete valid base, in the key's form and in each cookie form shown on it. */
async function basePairs(run: Run, op: OperationId): Promise<void> {
  // A transition gets the watchdog of its own the inputs phase moves the same way.
  const ctx = await caseContext(run, op, 'equivalent', FACTS[op].transition ? op : undefined);
  const base = withProof(baseRequest(op, ctx, true), 'accept');
  const rows = { tag: runTag(run) };
  const mode = run.config.mode;
  const cookies = credentialForms
    .filter((form) => form.in === 'cookie' && shownOn(form.scheme, op) && given(run, form))
    .map((form): RequestSpec => ({ ...base, credential: fullAccess(form.scheme), purpose: `${base.purpose}, in the ${form.label} form` }));
  // One after the other: a transition's pairs each start from the state the one before left.
  await sendPairs(run, base, transformationsOf(base, ON_BASE, rows, mode));
  for (const plain of cookies) await sendPairs(run, plain, transformationsOf(plain, ON_COOKIE, rows, mode));
}

/** How many characters of a value a URL or a JSON string writes another way: beyond ASCII, spaces, punctuation. */
const oddness = (value: string) => [...value].filter((c) => !/[A-Za-z0-9]/.test(c)).length;

/** Kinds a filter may be given an item's own value in, and still find that item (an exclusion would drop it; `exists` takes a boolean). */
const TAKES_ITS_ITEMS_VALUE = new Set(['equals', 'code-or-name', 'text', 'at-least', 'at-most']);

/**
 * Every filter of a list (but exclusions and modelling choices) given the value of one item of its
 * data, so the item is found under every reading: the item whose values have the most characters a
 * URL or JSON writes another way (a name with umlauts and spaces), of those giving the most filters.
 */
function everyFilterOf(op: OperationId, ref: Reference): FilterRef[] | undefined {
  const filters = FILTERS.filter((f) => f.op === op && !f.choice && f.semantics && TAKES_ITS_ITEMS_VALUE.has(f.semantics.kind));
  const valuesOf = (item: Item) =>
    filters.flatMap((f): FilterRef[] => {
      const values = f.semantics!.fields(item).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
      const value = [...values].sort((a, b) => oddness(b) - oddness(a))[0];
      return value === undefined ? [] : [{ ...f.ref, values: [value] }];
    });
  const score = (refs: FilterRef[]) => refs.length * 1000 + refs.reduce((n, r) => n + oddness(r.values[0]!), 0);
  const best = ref.items.map(valuesOf).sort((a, b) => score(b) - score(a))[0];
  return best?.length ? best : undefined;
}

/** The list request giving every filter at once, in each media type, and with the session in the query. */
async function filterPairs(run: Run, op: OperationId): Promise<void> {
  if (run.config.mode !== 'live') return;
  const ref = await reference(run, op);
  const filters = isSuccess(ref.walk.pages[0]?.x.status ?? 0) ? everyFilterOf(op, ref) : undefined;
  if (!filters) return;
  const rows = { tag: runTag(run) };
  const media = FACTS[op].bodies.length ? BODY_KINDS.map(([type]) => type) : ['application/json'];
  const plains = media.map((type) => filteredRequest(op, onBase(ref, filters).filters, type));
  const [plain] = plains;
  const inQuery = credentialForms
    .filter((form) => form.in === 'query' && given(run, form) && plain!.query?.length)
    .map((form): RequestSpec => ({ ...plain!, credential: fullAccess(form.scheme), purpose: `${plain!.purpose}, in the ${form.label} form` }));
  await settle([
    ...plains.map((plain) => sendPairs(run, plain, transformationsOf(plain, ON_FILTERS, rows, run.config.mode))),
    ...inQuery.map((plain) => sendPairs(run, plain, transformationsOf(plain, ['credential'], rows, run.config.mode))),
  ]);
}

export const equivalence: Phase = {
  area: 'inputs',
  name: 'requests HTTP, JSON and URLs make equivalent, each beside the request it transforms',
  label: 'inputs/equivalent',
  async run(run) {
    await settle([...OPERATION_IDS.map((op) => basePairs(run, op)), ...LISTS.map((op) => filterPairs(run, op))]);
  },
};
