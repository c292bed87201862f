// Holds the contract to every fact of the published document: each table row, enum value,
// bound, status, credential form and error, and every "not shown" marked as unknown.
import fs from 'node:fs';
import path from 'node:path';
import { bundleContract, type OpenApiDocument } from '../../scripts/generate/bundle';
import { credentialForms, operations, publishedErrors, writeOperations } from '../../generated';
import { readPublished, section, type Row, type Section } from './published-doc';

type Schema = Record<string, any>;

/** Where a change of the contract must be reflected by hand: the published prose, as vendored. */
const PUBLISHED_COPY = 'openapi/published/service-api-v1.md';

let doc: OpenApiDocument;
let sections: Section[];
let publishedText: string;

beforeAll(async () => {
  doc = await bundleContract();
  ({ sections, text: publishedText } = readPublished());
});

function deref(node: Schema | undefined): Schema {
  let current = node ?? {};
  while (typeof current.$ref === 'string') {
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    current = (doc.components[kind ?? ''] as Schema)[name ?? ''];
  }
  return current;
}

const schema = (name: string): Schema => deref({ $ref: `#/components/schemas/${name}` });
const types = (s: Schema): string[] => [s.type ?? (s.enum ? 'string' : undefined)].flat().filter(Boolean);

/**
 * Constraints the published document states in words, and the schema keywords that carry each
 * exactly. A place whose text says the words must have these keywords; a place whose text does
 * not, must not (nothing is added that the document does not state).
 */
const PROSE_FACTS: { words: RegExp; keywords: Schema }[] = [
  // ISO 3166-1 alpha-2: exactly two letters, upper case (the standard's own spelling).
  { words: /ISO 3166-1 alpha-2/, keywords: { pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2 } },
];

/** What a "Type" cell (and the row's notes) of a published table states about a property. */
function statedFacts(type: string, notes = '') {
  const format = /UUID(?! strings)/.test(type) && !/array/.test(type) ? 'uuid'
    : /date-time/.test(type) ? 'date-time'
    : /\(email\)/.test(type) ? 'email'
    : /\(URI\)/.test(type) ? 'uri'
    : /^date/.test(type) ? 'date'
    : undefined;
  const base = /^(enum|string)/.test(type) || /^date/.test(type) ? 'string' : /^(\w+)/.exec(type)?.[1];
  const range = /(\d+)\.\.(\d+)/.exec(type);
  const prose = Object.assign({}, ...PROSE_FACTS.filter((fact) => fact.words.test(`${type} ${notes}`)).map((fact) => fact.keywords)) as Schema;
  const maxLength = /max length (\d+)/.exec(`${type} ${notes}`)?.[1];
  if (maxLength !== undefined && prose.maxLength !== undefined && Number(maxLength) !== prose.maxLength) {
    throw new Error(`the published type "${type}" and its notes "${notes}" state two maximum lengths`);
  }
  return {
    base,
    nullable: /or null/.test(type),
    format,
    itemsFormat: /array of UUID/.test(type) ? 'uuid' : undefined,
    maxLength: maxLength ?? (prose.maxLength === undefined ? undefined : String(prose.maxLength)),
    minLength: prose.minLength as number | undefined,
    pattern: prose.pattern as string | undefined,
    range: range ? [Number(range[1]), Number(range[2])] : undefined,
  };
}

/** Differences between the string keywords a place states in words and those its schema has. */
function proseProblems(where: string, property: Schema, stated: ReturnType<typeof statedFacts>): string[] {
  const problems: string[] = [];
  if (stated.pattern !== property.pattern) problems.push(`${where}: pattern ${property.pattern} is not ${stated.pattern}`);
  if (stated.minLength !== property.minLength) problems.push(`${where}: minLength ${property.minLength} is not ${stated.minLength}`);
  if (stated.maxLength !== undefined && String(property.maxLength) !== stated.maxLength)
    problems.push(`${where}: maxLength ${property.maxLength} is not ${stated.maxLength}`);
  if (stated.maxLength === undefined && property.maxLength !== undefined) problems.push(`${where}: maxLength not published`);
  return problems;
}

function checkRow(schemaName: string, row: Row, requiredColumn?: string): string[] {
  const target = schema(schemaName);
  const field = row.field ?? '';
  const property = deref(target.properties?.[field]);
  const where = `${schemaName}.${field}`;
  if (!target.properties?.[field]) return [`${where} is missing`];
  const stated = statedFacts(row.type ?? '', row.notes);
  const problems: string[] = [];
  const actualTypes = types(property);
  if (!actualTypes.includes(stated.base ?? '')) problems.push(`${where}: type ${actualTypes} is not ${stated.base}`);
  if (stated.nullable !== actualTypes.includes('null')) problems.push(`${where}: nullability differs`);
  if (stated.format !== property.format) problems.push(`${where}: format ${property.format} is not ${stated.format}`);
  if (stated.itemsFormat !== deref(property.items).format) problems.push(`${where}: items format ${deref(property.items).format} is not ${stated.itemsFormat}`);
  problems.push(...proseProblems(where, property, stated));
  if (stated.range && (property.minimum !== stated.range[0] || property.maximum !== stated.range[1]))
    problems.push(`${where}: range ${property.minimum}..${property.maximum} is not ${stated.range.join('..')}`);
  if (!stated.range && (property.minimum !== undefined || property.maximum !== undefined)) problems.push(`${where}: range not published`);
  if (requiredColumn) {
    const required = (target.required ?? []).includes(field);
    if (required !== (row[requiredColumn] === 'yes')) problems.push(`${where}: required is ${required}`);
  }
  const readOnly = /read-only/.test(row.notes ?? '');
  if (readOnly !== (property.readOnly === true)) problems.push(`${where}: readOnly is ${property.readOnly === true}`);
  return problems;
}

describe('resource tables', () => {
  test.each([
    ['Municipality', 'Municipality', 'required'],
    ['MunicipalityOfficial', 'MunicipalityOfficial', 'required'],
    ['Watchdog', 'Watchdog', 'required in response'],
  ])('every row of the %s table is in schema %s', (heading, name, requiredColumn) => {
    const rows = section(sections, heading).tables[0] ?? [];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.flatMap((row) => checkRow(name, row, requiredColumn))).toEqual([]);
    expect(Object.keys(schema(name).properties).sort()).toEqual(rows.map((r) => r.field).sort());
  });

  test('company search result item and the monitored-company summary', () => {
    const rows = section(sections, 'Company search result item').tables[0] ?? [];
    expect(rows.flatMap((row) => checkRow('CompanySearchResult', row))).toEqual([]);
    const summary = /Monitored-company summary: (.*)\./.exec(publishedText)?.[1] ?? '';
    const fields = [...summary.matchAll(/(\w+) \((UUID )?string\)/g)].map((m) => m[1]);
    expect(Object.keys(schema('MonitoredCompany').properties).sort()).toEqual(fields.sort());
    expect(schema('MonitoredCompany').properties.uuid.format).toBe('uuid');
  });

  test.each(['PaginatedMunicipalityList', 'PaginatedCompanySearchResultList'])(
    'the paginated envelope is %s exactly',
    (name) => {
      const rows = section(sections, 'Paginated list envelope (used by company search and municipality list)').tables[0] ?? [];
      const envelope = schema(name);
      expect(rows.map((row) => row.field)).toEqual(['count', 'next', 'previous', 'results']);
      for (const row of rows) {
        const field = row.field ?? '';
        expect((envelope.required ?? []).includes(field)).toBe(/required/.test(row.notes ?? ''));
      }
      expect(rows.flatMap((row) => checkRow(name, row))).toEqual([]);
      expect([envelope.properties.next.format, envelope.properties.previous.format]).toEqual(['uri', 'uri']);
    },
  );
});

describe('enumerations', () => {
  const values = (cell: string) => cell.split(',').map((v) => v.trim()).filter(Boolean).sort();
  // The published values and the contract's, both ways: a value added to one is missing from the other.
  test.each([
    ['Company status (search filter and result)', 'CompanyStatus'],
    ['Official verification_status', 'VerificationStatus'],
    ['Municipal role (official_role filter)', 'MunicipalRole'],
  ])('%s has exactly its published values', (kind, name) => {
    const row = section(sections, 'States and transitions').tables[0]?.find((r) => r.kind === kind);
    expect(values(row?.values ?? '').length).toBeGreaterThan(1);
    expect({ [`openapi/schemas/${name}.yaml`]: [...schema(name).enum].sort() }).toEqual({ [`openapi/schemas/${name}.yaml`]: values(row?.values ?? '') });
  });

  test('relationship_type has exactly the published values', () => {
    const line = /Relationship types \(relationship_type\): (.*)\./.exec(publishedText)?.[1] ?? '';
    expect(values(line).length).toBeGreaterThan(1);
    expect({ 'openapi/schemas/RelationshipType.yaml': [...schema('RelationshipType').enum].sort() }).toEqual({ 'openapi/schemas/RelationshipType.yaml': values(line) });
  });

  test('watchdog is_active is a boolean', () => {
    expect(schema('Watchdog').properties.is_active.type).toBe('boolean');
  });
});

const endpoints = () => sections.filter((s) => /^(GET|POST|PATCH|PUT|DELETE) \//.test(s.heading));

/** The contract's operation for a published endpoint heading, e.g. `GET /api/v1/municipalities/`. */
const operation = (heading: string) => {
  const [method = '', path = ''] = heading.split(' ');
  return doc.paths[path]?.[method.toLowerCase()] as Schema | undefined;
};

/** A query parameter of a published endpoint, dereferenced. */
const queryParameter = (heading: string, name: string): Schema =>
  (operation(heading)?.parameters ?? []).map(deref).find((p: Schema) => p.name === name) ?? {};

describe('endpoints', () => {

  test('every operation of the contract is a published endpoint, and every published endpoint an operation', () => {
    const published = endpoints().map((e) => e.heading);
    const declared = Object.values(operations).map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(published.length).toBeGreaterThan(0);
    expect([
      ...declared.filter((op) => !published.includes(op)).map((op) => `${op} is in the contract but not in the published document: publish it, and edit ${PUBLISHED_COPY} (the copy of ../shared/contract/service-api-v1.md)`),
      ...published.filter((op) => !declared.includes(op)).map((op) => `${op} is published but not in the contract: add it to openapi/ (openapi/README.md)`),
    ]).toEqual([]);
  });

  test('every published operation exists with its published success status', () => {
    for (const endpoint of endpoints()) {
      const op = operation(endpoint.heading);
      expect({ endpoint: endpoint.heading, exists: Boolean(op) }).toEqual({ endpoint: endpoint.heading, exists: true });
      const status = /status (\d{3})/.exec(endpoint.text)?.[1];
      if (status) expect(Object.keys(op?.responses ?? {})).toContain(status);
    }
  });

  test('every operation declares 401 and 403 with the published error body', () => {
    const errors = section(sections, 'Errors').tables[0] ?? [];
    for (const endpoint of endpoints()) {
      for (const row of errors) {
        const response = deref(operation(endpoint.heading)?.responses[row.status ?? '']);
        const media = response.content?.['application/json'];
        expect(deref(media?.schema).required).toEqual(['error', 'code']);
        const example = Object.values(media?.examples ?? {}).map((e) => deref(e as Schema).value)[0];
        expect(example).toEqual({ error: row['error message (as published)'], code: row.code });
      }
    }
  });

  test('company search: three media types, body bounds and the status enum', () => {
    const search = section(sections, 'POST /api/v1/companies/search/');
    const body = deref(operation(search.heading)?.requestBody);
    expect(Object.keys(body.content).sort()).toEqual(
      ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'].sort(),
    );
    const rows = search.tables[0] ?? [];
    expect(rows.map((row) => row.field)).toEqual(['name', 'registration_number', 'status']);
    for (const row of rows) {
      const property = deref(schema('CompanySearchRequest').properties[row.field ?? '']);
      expect(property).toBeDefined();
      expect(proseProblems(`CompanySearchRequest.${row.field}`, property, statedFacts(row.type ?? '', row.bounds))).toEqual([]);
    }
    expect(schema('CompanySearchRequest').properties.name.maxLength).toBe(512);
  });

  test('municipality list: every query parameter as published, arrays as repeated parameters', () => {
    const list = section(sections, 'GET /api/v1/municipalities/');
    const params = (operation(list.heading)?.parameters ?? []).map(deref);
    const rows = list.tables[0] ?? [];
    const [declared, published] = [params.map((p: Schema) => String(p.name)), rows.map((r) => String(r['query parameter']))];
    expect([
      ...declared.filter((name: string) => !published.includes(name)).map((name: string) => `query parameter ${name} is in the contract but not in the published table: publish it, and edit ${PUBLISHED_COPY}`),
      ...published.filter((name) => !declared.includes(name)).map((name) => `query parameter ${name} is published but not in the contract: add it to openapi/paths/municipalities.yaml`),
    ]).toEqual([]);
    for (const row of rows) {
      const param = params.find((p: Schema) => p.name === row['query parameter']);
      const type = row.type ?? '';
      if (/^array/.test(type)) {
        expect({ name: param.name, type: param.schema.type, explode: param.explode }).toEqual({
          name: param.name, type: 'array', explode: true,
        });
        const items = deref(param.schema.items);
        expect({ name: param.name, format: items.format }).toEqual({ name: param.name, format: /UUID/.test(type) ? 'uuid' : undefined });
        expect(proseProblems(`query ${param.name} items`, items, statedFacts('string', row.notes))).toEqual([]);
      } else if (/^enum: /.test(type)) {
        expect([...deref(param.schema).enum].sort()).toEqual(type.replace('enum: ', '').split(', ').sort());
      } else {
        expect(types(param.schema)).toEqual([type]);
        expect(proseProblems(`query ${param.name}`, param.schema, statedFacts(type, row.notes))).toEqual([]);
      }
    }
  });

  test('ISO 3166-1 alpha-2, as published, is two upper-case letters wherever the document says it', () => {
    const list = section(sections, 'GET /api/v1/municipalities/');
    const countryCode = (list.tables[0] ?? []).find((row) => row['query parameter'] === 'country_code');
    const municipality = (section(sections, 'Municipality').tables[0] ?? []).find((row) => row.field === 'country_code');
    expect([countryCode?.notes, municipality?.notes]).toEqual(['ISO 3166-1 alpha-2 country codes', 'ISO 3166-1 alpha-2']);
    const param = deref(queryParameter(list.heading, 'country_code').schema?.items);
    for (const place of [param, schema('Municipality').properties.country_code]) {
      expect({ pattern: place.pattern, minLength: place.minLength, maxLength: place.maxLength }).toEqual({ pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2 });
    }
    // The keywords the words alone give are marked as resting on prose; the municipality's
    // "max length 2" is in its type column, a bound of its own.
    expect(param['x-from-prose']).toEqual({ words: 'ISO 3166-1 alpha-2', keywords: ['pattern', 'minLength', 'maxLength'] });
    expect(schema('Municipality').properties.country_code['x-from-prose']).toEqual({ words: 'ISO 3166-1 alpha-2', keywords: ['pattern', 'minLength'] });
  });

  /**
   * The fields a published sentence lists, e.g. `name (string, max 200, required), companies,
   * tags (arrays of UUID)`: each field's type word, maximum length, items format and whether
   * it is required.
   */
  function listedFields(sentence: string) {
    return [...sentence.matchAll(/(\w+(?:, \w+)*) \(([^)]*)\)/g)].flatMap(([, names = '', facts = '']) => {
      const [type = ''] = facts.split(/[,;]/);
      return names.split(', ').map((field) => ({
        field,
        type: /^arrays? of/.test(type) ? 'array' : type === 'UUID' ? 'string' : type,
        format: type === 'UUID' ? 'uuid' : undefined,
        itemsFormat: /^arrays? of UUID/.test(type) ? 'uuid' : undefined,
        maxLength: Number(/max (\d+)/.exec(facts)?.[1]) || undefined,
        required: /\brequired\b/.test(facts),
      }));
    });
  }

  const jsonBody = (heading: string) => deref(deref(operation(heading)?.requestBody).content?.['application/json']?.schema);
  const fieldsOf = (body: Schema) => Object.entries(body.properties ?? {}).map(([field, property]) => {
    const p = deref(property as Schema);
    return { field, type: p.type, format: p.format, itemsFormat: deref(p.items).format, maxLength: p.maxLength, required: (body.required ?? []).includes(field) };
  });
  const bodySentence = (heading: string) => /Body: ([^.]*)\./.exec(section(sections, heading).text)?.[1] ?? '';

  test.each([
    'POST /api/v1/watchdogs/',
    'PATCH /api/v1/watchdogs/{uuid}/events/{event_uuid}/',
    'POST /api/v1/watchdogs/{uuid}/deactivate/',
  ])('%s: the body is the published field list exactly (types, max lengths, UUID items, required)', (heading) => {
    const stated = listedFields(bodySentence(heading));
    expect(stated.map((f) => f.field)).toEqual(['name', 'prompt', 'companies', 'tags', 'is_active']);
    expect(fieldsOf(jsonBody(heading))).toEqual(stated);
  });

  test('PATCH: every field optional, as published; activate: the create fields, required ones not shown', () => {
    expect(section(sections, 'PATCH /api/v1/watchdogs/{uuid}/events/{event_uuid}/').text).toContain('All are optional.');
    expect(jsonBody('PATCH /api/v1/watchdogs/{uuid}/events/{event_uuid}/').required).toBeUndefined();
    const activate = 'POST /api/v1/watchdogs/{uuid}/activate/';
    expect(bodySentence(activate)).toBe('same fields as the watchdog create body');
    const create = fieldsOf(jsonBody('POST /api/v1/watchdogs/')).map((f) => ({ ...f, required: false }));
    expect(fieldsOf(jsonBody(activate))).toEqual(create);
    expect(jsonBody(activate)['x-unspecified']).toContain('required');
  });

  test.each(['POST /api/v1/watchdogs/{uuid}/subscribe/', 'POST /api/v1/watchdogs/{uuid}/unsubscribe/'])(
    '%s: companies and tags, arrays of UUID',
    (heading) => {
      expect(section(sections, heading).text).toMatch(/Company UUIDs and tag UUIDs are given in the body \(fields companies and tags/);
      expect(fieldsOf(jsonBody(heading))).toEqual(listedFields('companies, tags (arrays of UUID)'));
    },
  );

  test('path parameters as published: uuid a required UUID, event_uuid a required string', () => {
    for (const endpoint of endpoints().filter((e) => e.heading.includes('{'))) {
      const sentence = /Path parameters?: ([^.]*)\./.exec(endpoint.text)?.[1] ?? 'uuid (UUID)';
      const declared = [...((doc.paths[endpoint.heading.split(' ')[1] ?? '']?.parameters ?? []) as Schema[]), ...(operation(endpoint.heading)?.parameters ?? [])]
        .map(deref)
        .filter((p: Schema) => p.in === 'path')
        .map((p: Schema) => ({ field: p.name, type: p.schema.type, format: p.schema.format, itemsFormat: undefined, maxLength: undefined, required: p.required }));
      // Path parameters are required in OpenAPI whether or not a sentence says so.
      expect({ endpoint: endpoint.heading, declared }).toEqual({ endpoint: endpoint.heading, declared: listedFields(sentence).map((f) => ({ ...f, required: true })) });
    }
  });
});

describe('authentication', () => {
  test('the five credential forms are security schemes, any one accepted by every operation', () => {
    const rows = section(sections, 'Authentication').tables[0] ?? [];
    const schemes = doc.components.securitySchemes as Record<string, Schema>;
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const format = (row.format ?? '').replace(/`/g, '');
      const match = Object.values(schemes).find((s) =>
        /^header Authorization/.test(row.where ?? '')
          ? (s.type === 'http' || (s.in === 'header' && s.name === 'Authorization')) && format === `Authorization: ${s['x-credential-format']}`
          : (row.where ?? '').endsWith(`${s.in === 'query' ? 'query parameter' : s.in} ${s.name}`) && format.endsWith(s['x-credential-format']),
      );
      expect({ form: row.scheme, found: Boolean(match) }).toEqual({ form: row.scheme, found: true });
      expect({ form: row.scheme, label: match?.['x-credential-label'] }).toEqual({ form: row.scheme, label: row.scheme });
    }
    expect((doc.security as Schema[]).map((s) => Object.keys(s)).flat().sort()).toEqual(Object.keys(schemes).sort());
    const overridden = Object.values(doc.paths).flatMap((item) => Object.values(item)).filter((op) => (op as Schema).security);
    expect(overridden).toEqual([]);
  });

  test('generated/ carries the five forms as published: where the secret goes and what precedes it', () => {
    const rows = section(sections, 'Authentication').tables[0] ?? [];
    const shown = credentialForms.map((form) => ({
      scheme: form.label,
      where: form.in === 'query' ? `query parameter ${form.name}` : `${form.in} ${form.name}`,
      format: form.in === 'header' ? `${form.name}: ${form.prefix}<${form.secret}>` : `${form.in === 'query' ? '?' : ''}${form.name}=${form.prefix}<${form.secret}>`,
    }));
    expect(shown).toEqual(rows.map((row) => ({ scheme: row.scheme, where: row.where, format: (row.format ?? '').replace(/`/g, '') })));
  });

  test('x-shown-on says exactly which operations the published sentences show each form on', () => {
    const shown = (label: string) => credentialForms.find((form) => form.label === label)!.shownOn;
    const watchdogOperations = Object.entries(operations).filter(([, op]) => op.path.startsWith('/api/v1/watchdogs/')).map(([id]) => id);
    expect(publishedText).toContain('The municipality endpoint lists the cookie, Session and Token schemes. The authentication description names the Bearer scheme. Watchdog endpoints show the sessionid cookie.');
    expect(shown('Bearer token')).toBe('all');
    expect(shown('Token')).toEqual(['municipalitiesList']);
    expect(shown('Session (header)')).toEqual(['municipalitiesList']);
    expect(shown('Session (query)')).toEqual([]);
    expect([...shown('Session (cookie)')].sort()).toEqual(['municipalitiesList', ...watchdogOperations].sort());
  });
});

describe('error body and version', () => {
  test('the error body: a JSON object with error and code, both strings, as published', () => {
    expect(section(sections, 'Errors').text).toContain('Error body: a JSON object with `error` (human-readable message string) and `code` (string).');
    const error = schema('Error');
    expect({ type: error.type, required: error.required, error: error.properties.error.type, code: error.properties.code.type }).toEqual({
      type: 'object', required: ['error', 'code'], error: 'string', code: 'string',
    });
  });

  test('the version: v1 in the machine-readable description and in every path prefix', () => {
    const versioning = section(sections, 'Versioning').text;
    expect(versioning).toContain('The machine-readable description carries the version value v1.');
    expect(versioning).toContain('The version is part of the path prefix /api/v1/.');
    expect((doc.info as Schema).version).toBe('v1');
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
  });
});

describe('errors and permissions in generated/', () => {
  test('the published error bodies, by status, exactly as the Errors table gives them', () => {
    const rows = section(sections, 'Errors').tables[0] ?? [];
    expect(publishedErrors).toEqual(Object.fromEntries(rows.map((row) => [row.status, { error: row['error message (as published)'], code: row.code }])));
  });

  test('the watchdog operations, and only they, write (x-writes)', () => {
    const watchdogPaths = Object.entries(operations).filter(([, op]) => op.path.startsWith('/api/v1/watchdogs/')).map(([id]) => id);
    expect([...writeOperations].sort()).toEqual(watchdogPaths.sort());
  });
});

describe('unknowns', () => {
  const notShown = () =>
    publishedText.split('\n').filter((l) => l.includes('not shown')).map((l) => l.replace(/^- /, ''));

  test('every "not shown" of the published document is quoted in the root x-unspecified list', () => {
    const quoted = (doc['x-unspecified'] as Schema[]).map((entry) => entry.published);
    expect(notShown().length).toBeGreaterThan(0);
    expect({ 'openapi/openapi.yaml x-unspecified': quoted.sort() }).toEqual({ 'openapi/openapi.yaml x-unspecified': notShown().sort() });
  });

  test('every place the list points to carries an x-unspecified marker', () => {
    const pointers = (doc['x-unspecified'] as Schema[])
      .flatMap((entry) => String(entry.where).split(', '))
      .filter((where) => where.startsWith('#/'));
    expect(pointers.length).toBeGreaterThan(10);
    for (const pointer of pointers) {
      const target = pointer.slice(2).split('/').reduce((node: Schema | undefined, key) => node?.[key], doc as Schema);
      const marked = target?.['x-unspecified'] !== undefined
        || Object.values(target ?? {}).every((child) => (child as Schema)['x-unspecified'] !== undefined);
      expect({ pointer, marked }).toEqual({ pointer, marked: true });
    }
  });

  test('country codes the document does not call ISO 3166-1 alpha-2 get no pattern, and say their format is open', () => {
    const list = section(sections, 'GET /api/v1/municipalities/');
    const excluded = (list.tables[0] ?? []).find((row) => row['query parameter'] === 'country_code_exclude');
    expect(excluded?.notes).toBe('excluded country codes');
    const search = section(sections, 'POST /api/v1/companies/search/');
    expect(search.text).toContain('A country filter by country code (AT, DE, CH and others) exists. Type and bounds of the country body field: not shown.');
    const parameter = queryParameter(list.heading, 'country_code_exclude');
    const items = deref(parameter.schema?.items);
    const country = schema('CompanySearchRequest').properties.country;
    for (const [where, place, description] of [['country_code_exclude', items, parameter.description], ['search body country', country, country.description]] as const) {
      expect({ where, pattern: place.pattern, maxLength: place.maxLength }).toEqual({ where, pattern: undefined, maxLength: undefined });
      expect({ where, open: place['x-unspecified'] }).toEqual({ where, open: expect.arrayContaining(['pattern', 'maxLength']) });
      expect(description).toMatch(/Not specified/);
      expect(description).toMatch(/ISO 3166-1 alpha-2/);
    }
  });

  test('modelling choices say so in their description', () => {
    const choices: Schema[] = [];
    JSON.stringify(doc, (_key, value) => {
      if (value && typeof value === 'object' && 'x-modelling-choice' in value) choices.push(value);
      return value;
    });
    expect(choices.length).toBeGreaterThanOrEqual(5);
    for (const choice of choices) expect(choice.description).toMatch(/[Nn]ot specified/);
  });
});

test('openapi/published/ is the published document, verbatim', () => {
  const shared = path.resolve(__dirname, '../../../shared/contract/service-api-v1.md');
  if (!fs.existsSync(shared)) {
    console.warn(`no ${shared} beside this checkout: the vendored copy is not compared with the shared one`);
    return;
  }
  expect(publishedText).toBe(fs.readFileSync(shared, 'utf8'));
});
