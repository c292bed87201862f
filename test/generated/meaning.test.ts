// What the generator makes of the contract's meaning declarations (scripts/generate/meaning.ts):
// every place of today's contract declares its meaning; a place that does not is a named blind
// area (never silently dropped); a declaration that cannot hold stops the generator, naming it.
import { bundleContract, type OpenApiDocument } from '../../scripts/generate/bundle';
import { readMeaning } from '../../scripts/generate/meaning';
import { readOperations } from '../../scripts/generate/operations';
import { meaning, operations } from '../../generated';

let contract: OpenApiDocument;
beforeAll(async () => {
  contract = await bundleContract();
});

/** The contract with one edit, read as the generator reads it. */
function read(edit: (doc: OpenApiDocument) => void) {
  const doc = structuredClone(contract);
  edit(doc);
  return readMeaning(doc, readOperations(doc));
}
type Node = Record<string, any>;
const list = (doc: OpenApiDocument) => doc.paths['/api/v1/municipalities/']!.get as Node;
const component = (doc: OpenApiDocument, section: string, name: string) => (doc.components[section] as Node)[name] as Node;

test('today every filter, path parameter, error status and operation of the contract declares its meaning', () => {
  const blind = Object.entries(meaning).flatMap(([op, m]) => m.blind.map((b) => `${op} ${b}`));
  expect(blind).toEqual([]);
  // Every query parameter of a list is a filter or its page.
  for (const [op, m] of Object.entries(meaning)) {
    const query = operations[op as keyof typeof operations].parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect({ op, read: [...m.filters.filter((f) => f.where === 'query').map((f) => f.name), ...(m.page ? [m.page] : [])].sort() }).toEqual({ op, read: [...query].sort() });
  }
});

test('a query parameter, a path parameter and an error status without a declaration are named blind areas', () => {
  const read_ = read((doc) => {
    list(doc).parameters.push({ name: 'min_population', in: 'query', schema: { type: 'integer', minimum: 0 } });
    delete component(doc, 'parameters', 'EventUuid')['x-resource'];
    delete component(doc, 'responses', 'NotFound')['x-condition'];
  });
  expect(read_.operations.municipalitiesList!.blind).toEqual(['query parameter min_population: neither x-filter (what it keeps) nor x-pagination']);
  expect(read_.operations.watchdogsEventsPartialUpdate!.blind).toEqual([
    'path parameter event_uuid: no x-resource (which resource it names)',
    'status 404: no x-condition (what it answers)',
  ]);
});

test('an operation that is no list, names no resource, creates none and writes nothing is a blind area', () => {
  const read_ = read((doc) => {
    doc.paths['/api/v1/stats/'] = { get: { operationId: 'statsRead', responses: { '200': { description: 'counts', content: { 'application/json': { schema: { type: 'object' } } } } } } };
  });
  expect(read_.operations.statsRead!.blind).toEqual(['operation: not a list, no x-resource path parameter, no resource it creates (createdBy), no x-writes: what it does is not declared']);
});

test.each([
  ['an unknown kind', (doc: OpenApiDocument) => void (component(doc, 'parameters', 'State')['x-filter'].match = 'fuzzy'), /State|state: x-filter match "fuzzy" is none of equals/],
  ['a field the items do not have', (doc: OpenApiDocument) => void (component(doc, 'parameters', 'OfficialCode')['x-filter'].reads = ['officials[].code']), /official_code: x-filter reads officials\[\]\.code, which the items of municipalitiesList do not have/],
  ['a bound on text', (doc: OpenApiDocument) => void (component(doc, 'parameters', 'OfficialCode')['x-filter'].match = 'at-least'), /at-least reads numbers or dates/],
  ['a list that is no operation', (doc: OpenApiDocument) => void (component(doc, 'parameters', 'MunicipalityUuid')['x-references'].listedBy = 'municipalitiesIndex'), /listedBy "municipalitiesIndex" is no operation of the contract/],
  ['two places disagreeing on a resource', (doc: OpenApiDocument) => void (component(doc, 'schemas', 'WatchdogSubscriptionRequest').properties.companies['x-references'].key = 'name'), /resource company has key/],
  ['an unknown condition', (doc: OpenApiDocument) => void (component(doc, 'responses', 'NotFound')['x-condition'] = 'gone'), /x-condition "gone" is none of/],
])('a declaration that cannot hold stops the generator, naming it: %s', (_what, edit, message) => {
  expect(() => read(edit)).toThrow(message);
});
