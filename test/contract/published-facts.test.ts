// Holds the contract to every fact of the published document: each table row, enum value,
// bound, status, credential form and error, and every "not shown" marked as unknown.
import fs from 'node:fs';
import path from 'node:path';
import { bundleContract, type OpenApiDocument } from '../../scripts/generate/bundle';
import { credentialForms, operations, publishedErrors, writeOperations } from '../../generated';
import { readPublished, section, type Row, type Section } from './published-doc';

type Schema = Record<string, any>;

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

/** What a "Type" cell of a published table states about a property. */
function statedFacts(type: string) {
  const format = /UUID(?! strings)/.test(type) && !/array/.test(type) ? 'uuid'
    : /date-time/.test(type) ? 'date-time'
    : /\(email\)/.test(type) ? 'email'
    : /\(URI\)/.test(type) ? 'uri'
    : /^date/.test(type) ? 'date'
    : undefined;
  const base = /^(enum|string)/.test(type) || /^date/.test(type) ? 'string' : /^(\w+)/.exec(type)?.[1];
  const range = /(\d+)\.\.(\d+)/.exec(type);
  return {
    base,
    nullable: /or null/.test(type),
    format,
    maxLength: /max length (\d+)/.exec(type)?.[1],
    range: range ? [Number(range[1]), Number(range[2])] : undefined,
  };
}

function checkRow(schemaName: string, row: Row, requiredColumn?: string): string[] {
  const target = schema(schemaName);
  const field = row.field ?? '';
  const property = deref(target.properties?.[field]);
  const where = `${schemaName}.${field}`;
  if (!target.properties?.[field]) return [`${where} is missing`];
  const stated = statedFacts(row.type ?? '');
  const problems: string[] = [];
  const actualTypes = types(property);
  if (!actualTypes.includes(stated.base ?? '')) problems.push(`${where}: type ${actualTypes} is not ${stated.base}`);
  if (stated.nullable !== actualTypes.includes('null')) problems.push(`${where}: nullability differs`);
  if (stated.format !== property.format) problems.push(`${where}: format ${property.format} is not ${stated.format}`);
  if (stated.maxLength !== undefined && String(property.maxLength) !== stated.maxLength)
    problems.push(`${where}: maxLength ${property.maxLength} is not ${stated.maxLength}`);
  if (stated.maxLength === undefined && property.maxLength !== undefined) problems.push(`${where}: maxLength not published`);
  if (stated.range && (property.minimum !== stated.range[0] || property.maximum !== stated.range[1]))
    problems.push(`${where}: range ${property.minimum}..${property.maximum} is not ${stated.range.join('..')}`);
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
      for (const row of rows) {
        const field = row.field ?? '';
        expect((envelope.required ?? []).includes(field)).toBe(/required/.test(row.notes ?? ''));
        const stated = statedFacts((row.type ?? '').replace('string (URI)', 'string (URI)'));
        expect(types(envelope.properties[field])).toContain(stated.base);
        expect(types(envelope.properties[field]).includes('null')).toBe(stated.nullable);
      }
      expect(envelope.properties.next.format).toBe('uri');
    },
  );
});

describe('enumerations', () => {
  const values = (cell: string) => cell.split(',').map((v) => v.trim()).filter(Boolean).sort();
  test.each([
    ['Company status (search filter and result)', 'CompanyStatus', 8],
    ['Official verification_status', 'VerificationStatus', 4],
    ['Municipal role (official_role filter)', 'MunicipalRole', 5],
  ])('%s has exactly its published values', (kind, name, count) => {
    const row = section(sections, 'States and transitions').tables[0]?.find((r) => r.kind === kind);
    expect(values(row?.values ?? '')).toEqual([...schema(name).enum].sort());
    expect(schema(name).enum).toHaveLength(count);
  });

  test('relationship_type has exactly the 28 published values', () => {
    const line = /Relationship types \(relationship_type\): (.*)\./.exec(publishedText)?.[1] ?? '';
    expect([...schema('RelationshipType').enum].sort()).toEqual(values(line));
    expect(schema('RelationshipType').enum).toHaveLength(28);
  });

  test('watchdog is_active is a boolean', () => {
    expect(schema('Watchdog').properties.is_active.type).toBe('boolean');
  });
});

describe('endpoints', () => {
  const endpoints = () => sections.filter((s) => /^(GET|POST|PATCH|PUT|DELETE) \//.test(s.heading));
  const operation = (heading: string) => {
    const [method = '', path = ''] = heading.split(' ');
    return doc.paths[path]?.[method.toLowerCase()] as Schema | undefined;
  };

  test('all eight published operations exist with their published success status', () => {
    expect(endpoints()).toHaveLength(8);
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
    for (const row of search.tables[0] ?? []) {
      const property = schema('CompanySearchRequest').properties[row.field ?? ''];
      expect(property).toBeDefined();
      const max = /max length (\d+)/.exec(row.bounds ?? '')?.[1];
      if (max) expect(property.maxLength).toBe(Number(max));
    }
    expect(deref(schema('CompanySearchRequest').properties.status).enum).toHaveLength(8);
  });

  test('municipality list: every query parameter as published, arrays as repeated parameters', () => {
    const list = section(sections, 'GET /api/v1/municipalities/');
    const params = (operation(list.heading)?.parameters ?? []).map(deref);
    const rows = list.tables[0] ?? [];
    expect(params.map((p: Schema) => p.name).sort()).toEqual(rows.map((r) => r['query parameter']).sort());
    for (const row of rows) {
      const param = params.find((p: Schema) => p.name === row['query parameter']);
      const type = row.type ?? '';
      if (/^array/.test(type)) {
        expect({ name: param.name, type: param.schema.type, explode: param.explode }).toEqual({
          name: param.name, type: 'array', explode: true,
        });
        if (/UUID/.test(type)) expect(param.schema.items.format).toBe('uuid');
      } else if (/^enum: /.test(type)) {
        expect([...deref(param.schema).enum].sort()).toEqual(type.replace('enum: ', '').split(', ').sort());
      } else {
        expect(types(param.schema)).toEqual([type]);
      }
    }
  });

  test('watchdog bodies: create and deactivate require name and prompt, PATCH requires nothing', () => {
    for (const [name, required] of [
      ['WatchdogRequest', ['name', 'prompt']],
      ['PatchedWatchdogRequest', []],
    ] as const) {
      const body = schema(name);
      expect([...(body.required ?? [])].sort()).toEqual([...required].sort());
      expect(body.properties.name.maxLength).toBe(200);
      expect(body.properties.companies.items.format).toBe('uuid');
      expect(body.properties.tags.items.format).toBe('uuid');
      expect(body.properties.is_active.type).toBe('boolean');
    }
    const deactivate = doc.paths['/api/v1/watchdogs/{uuid}/deactivate/']?.post as Schema;
    expect(deref(deref(deactivate.requestBody).content['application/json'].schema).required).toEqual(['name', 'prompt']);
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
    expect(notShown()).toHaveLength(19);
    expect(quoted.sort()).toEqual(notShown().sort());
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
