// Each write on a watchdog in each state it can have (active, inactive): PATCH with each of its
// optional fields alone and with none, subscribe and unsubscribe with each of their fields alone.
// Every other field must be kept, whatever the state (judged against the model like any step).
// And create with each of its optional fields alone and with none: every field sent is applied,
// whatever the others (an active watchdog without companies included).
import type { Step } from '../../engine/replay-case';
import { PROMPT, runTag } from '../../runner/fixtures';
import { OPS, type SequenceContext } from './sequence';

export function stateSequences(ctx: SequenceContext): Step[][] {
  const [c1, c2, c3] = ctx.companies;
  const tags = ctx.tagsRefused ? [] : ctx.tags;
  const [t1, t2, t3] = tags;
  const some = <T>(...values: Array<T | undefined>) => values.filter((v): v is T => v !== undefined);
  return [true, false].map((active) => {
    const name = (label: string) => `${runTag(ctx.run, active ? 'active' : 'inactive')}-${label}`;
    const on = (op: Step['op'], body: Record<string, unknown>): Step => ({ op, target: 0, body });
    const alone = (op: Step['op'], companies: string[], tagged: string[]) => [
      ...(companies.length ? [on(op, { companies })] : []),
      ...(tagged.length ? [on(op, { tags: tagged })] : []),
    ];
    return [
      { op: OPS.create, body: { name: name('all-fields'), prompt: PROMPT, companies: some(c1, c2), tags: some(t1, t2), is_active: active } },
      on(OPS.patch, { is_active: active }),
      on(OPS.patch, { name: name('renamed') }),
      on(OPS.patch, { prompt: `${PROMPT} (${active ? 'active' : 'inactive'})` }),
      on(OPS.patch, { companies: some(c2, c3) }),
      ...(tags.length ? [on(OPS.patch, { tags: some(t2, t3) })] : []),
      on(OPS.patch, {}),
      ...alone(OPS.subscribe, some(c1), some(t1)),
      ...alone(OPS.unsubscribe, some(c1), some(t1)),
    ];
  });
}

/** Creates with the required fields and each optional field alone, and with none: one watchdog each. */
export function createSequence(ctx: SequenceContext): Step[] {
  const [c1] = ctx.companies;
  const [t1] = ctx.tagsRefused ? [] : ctx.tags;
  const optional: Array<[string, Record<string, unknown>]> = [
    ['required-only', {}],
    ...(c1 ? [['companies-only', { companies: [c1] }] as [string, Record<string, unknown>]] : []),
    ...(t1 ? [['tags-only', { tags: [t1] }] as [string, Record<string, unknown>]] : []),
    ['active-only', { is_active: true }],
    ['inactive-only', { is_active: false }],
  ];
  return optional.map(([label, fields]) => ({ op: OPS.create, body: { name: `${runTag(ctx.run, 'create')}-${label}`, prompt: PROMPT, ...fields } }));
}
