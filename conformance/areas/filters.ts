// filters: every published municipality filter and the company search criteria, with values
// taken from the deployment's own data (live); the three request media types (both modes).
import type { OperationId } from '../../generated';
import { candidates, judgeFiltered, judgeTextSearch, MUNICIPALITY_FILTERS, type Item, type Sample } from '../checks/filters';
import type { Body, Exchange } from '../engine/request';
import type { Run } from '../engine/run';
import { ruleSpec } from '../engine/rules';
import type { Area } from '../engine/scenario';
import { fail, pass, type Verdict } from '../engine/types';
import { sharedWalk, toPage, type Walk } from '../engine/walk';

const ok = (x: Exchange) => x.status >= 200 && x.status < 300;
const refused = (x: Exchange, what: string): Verdict => fail(`${what}: answered ${x.status}`);
const describe = (query: Array<[string, string]>) => query.map(([name, value]) => `${name}=${value}`).join('&');

function sampleOf(walk: Walk): Sample {
  const seen = new Map<string, Item>();
  for (const page of [...walk.pages, walk.backFromSecond, walk.backFromLast]) for (const item of page?.items ?? []) seen.set(String(item.uuid), item);
  return { all: [...seen.values()], firstPage: walk.pages[0]?.items ?? [] };
}

function skipInMock(run: Run, rules: string[], op: OperationId): boolean {
  if (run.config.mode !== 'mock') return false;
  for (const rule of rules) run.skip(rule, [op], `mock mode: ${ruleSpec(rule).mock.note}`);
  return true;
}

async function municipalityFilters(run: Run): Promise<void> {
  const op = 'municipalitiesList';
  if (skipInMock(run, [...MUNICIPALITY_FILTERS.map((f) => f.rule), 'filter_country_code_repeated'], op)) return;
  const walk = await sharedWalk(run, op);
  const sample = sampleOf(walk);
  const unfiltered = walk.pages[0]?.count;
  const get = (query: Array<[string, string]>) =>
    run.send({ operationId: op, query, purpose: `municipalities with ${describe(query)}`, expectSuccess: true });

  const single = MUNICIPALITY_FILTERS.map(async (filter) => {
    const found = filter.pick(sample);
    if (!found) return run.skip(filter.rule, [op], 'the sampled municipalities hold no value to filter by');
    const x = await get(found.query);
    run.judge(filter.rule, x, () => (ok(x) ? judgeFiltered(found, toPage(x, 1, 'first'), unfiltered) : refused(x, describe(found.query))));
  });

  const repeated = (async () => {
    const rule = 'filter_country_code_repeated';
    const [a, b] = candidates(sample, (item) => [String(item.country_code ?? '')]);
    if (a === undefined || b === undefined) return run.skip(rule, [op], 'the sampled municipalities hold only one country code');
    const [both, onlyA, onlyB] = await Promise.all([get([['country_code', a], ['country_code', b]]), get([['country_code', a]]), get([['country_code', b]])]);
    const filter = { query: [['country_code', a], ['country_code', b]] as Array<[string, string]>, match: (item: Item) => ([a, b].includes(String(item.country_code)) ? 'match' as const : 'none' as const) };
    run.judge(rule, both, () => {
      if (!ok(both)) return refused(both, describe(filter.query));
      const verdict = judgeFiltered(filter, toPage(both, 1, 'first'), unfiltered);
      if (verdict.outcome === 'fail') return verdict;
      const [total, countA, countB] = [both, onlyA, onlyB].map((x) => toPage(x, 1, 'first').count);
      if (countA !== undefined && countB !== undefined && total !== countA + countB) {
        return fail(`country_code=${a}&country_code=${b}: count ${total}, but ${a} alone has ${countA} and ${b} alone ${countB}`);
      }
      return verdict.outcome === 'pass' ? pass(`${describe(filter.query)}: ${total} = ${countA} + ${countB}`) : verdict;
    });
  })();
  await Promise.all([...single, repeated]);
}

const MEDIA_TYPES: Array<[label: string, body: (fields: Record<string, string>) => Body]> = [
  ['application/json', (fields) => ({ kind: 'json', value: fields })],
  ['application/x-www-form-urlencoded', (fields) => ({ kind: 'form', fields })],
  ['multipart/form-data', (fields) => ({ kind: 'multipart', fields })],
];

async function mediaTypes(run: Run, name: string): Promise<void> {
  const op = 'companiesSearch';
  const answers = await Promise.all(
    MEDIA_TYPES.map(([label, body]) =>
      run.send({ operationId: op, body: body({ name }), purpose: `company search by name as ${label}`, expectSuccess: true }),
    ),
  );
  answers.forEach((x, i) => run.judge('media_type_accepted', x, () => (ok(x) ? pass(`${MEDIA_TYPES[i]![0]}: ${x.status}`) : refused(x, `search as ${MEDIA_TYPES[i]![0]}`))));
  if (run.config.mode === 'mock') return run.skip('media_types_agree', [op], `mock mode: ${ruleSpec('media_types_agree').mock.note}`);
  if (!answers.every(ok)) return run.skip('media_types_agree', [op], 'not every media type was accepted (see media_type_accepted)');
  const seen = answers.map((x) => {
    const page = toPage(x, 1, 'first');
    return `count ${page.count}: ${page.items.map((item) => String(item.uuid)).join(',')}`;
  });
  const differs = seen.findIndex((s) => s !== seen[0]);
  run.judge('media_types_agree', answers[Math.max(differs, 0)]!, () =>
    differs < 0
      ? pass(`name="${name}": the three media types found the same page`)
      : fail(`name="${name}": ${MEDIA_TYPES[differs]![0]} found other companies than application/json (${seen[differs]!.slice(0, 80)} vs ${seen[0]!.slice(0, 80)})`),
  );
}

async function companySearches(run: Run): Promise<void> {
  const op = 'companiesSearch';
  if (run.config.mode === 'mock') {
    skipInMock(run, ['search_by_name', 'search_by_registration_number', 'search_by_status'], op);
    return mediaTypes(run, 'Hofbauer');
  }
  const walk = await sharedWalk(run, op);
  const sample = sampleOf(walk);
  const unfiltered = walk.pages[0]?.count;
  const search = (fields: Record<string, string>, what: string) =>
    run.send({ operationId: op, body: { kind: 'json', value: fields }, purpose: `company search by ${what}`, expectSuccess: true });

  const byText = (['name', 'registration_number'] as const).map(async (field) => {
    const rule = `search_by_${field}`;
    const [value] = candidates(sample, (item) => [String(item[field] ?? '')]);
    if (value === undefined) return run.skip(rule, [op], `the sampled companies hold no ${field}`);
    const x = await search({ [field]: value }, `${field} "${value}"`);
    run.judge(rule, x, () => (ok(x) ? judgeTextSearch(field, value, toPage(x, 1, 'first'), unfiltered) : refused(x, `${field}="${value}"`)));
  });

  const byStatus = (async () => {
    const [status] = candidates(sample, (item) => [String(item.status ?? '')]);
    if (status === undefined) return run.skip('search_by_status', [op], 'the sampled companies hold no status');
    const x = await search({ status }, `status "${status}"`);
    const filter = { query: [['status', status]] as Array<[string, string]>, match: (item: Item) => (item.status === status ? 'match' as const : 'none' as const) };
    run.judge('search_by_status', x, () => (ok(x) ? judgeFiltered(filter, toPage(x, 1, 'first'), unfiltered) : refused(x, `status="${status}"`)));
  })();

  const [name] = candidates(sample, (item) => [String(item.name ?? '')]);
  const media = name === undefined ? Promise.resolve(run.skip('media_type_accepted', [op], 'no company to search for')) : mediaTypes(run, name);
  await Promise.all([...byText, byStatus, media]);
}

export const filters: Area = {
  name: 'filters',
  scenarios: [
    { name: 'municipality filters', run: municipalityFilters },
    { name: 'company search criteria and media types', run: companySearches },
  ],
};
