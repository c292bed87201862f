// Every named example in openapi/ validates against the schema of the media type it belongs
// to. Reads the contract itself (not generated/), so a broken example fails here even before
// anyone regenerates, and the message names the example and the broken rule.
import { bundleContract, type OpenApiDocument } from '../../scripts/generate/bundle';
import { readOperations } from '../../scripts/generate/operations';
import { compileContract } from '../../scripts/generate/validators';
import { formatErrors } from '../../protocol/validation';

interface ExampleCase {
  label: string;
  schema: unknown;
  value: unknown;
}

type Node = Record<string, unknown>;

function deref(doc: OpenApiDocument, node: unknown): Node {
  let current = node as Node;
  while (typeof current?.$ref === 'string') {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    current = doc.components[section ?? '']?.[name ?? ''] as Node;
  }
  return current;
}

function mediaExamples(doc: OpenApiDocument, where: string, content: unknown): ExampleCase[] {
  return Object.entries((content ?? {}) as Record<string, Node>).flatMap(([mediaType, media]) =>
    Object.entries((media.examples ?? {}) as Record<string, unknown>).map(([name, example]) => ({
      label: `example '${name}' (${where} ${mediaType})`,
      schema: media.schema,
      value: deref(doc, example).value,
    })),
  );
}

function collectExamples(doc: OpenApiDocument): ExampleCase[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const operation = op as Node;
      const where = `${method.toUpperCase()} ${path}`;
      const requestBody = operation.requestBody ? deref(doc, operation.requestBody) : undefined;
      return [
        ...mediaExamples(doc, `${where} request`, requestBody?.content),
        ...Object.entries((operation.responses ?? {}) as Node).flatMap(([status, response]) =>
          mediaExamples(doc, `${where} ${status}`, deref(doc, response).content),
        ),
      ];
    }),
  );
}

describe('contract examples', () => {
  let cases: ExampleCase[] = [];
  let compile: (schema: unknown) => (data: unknown) => string[];

  beforeAll(async () => {
    const doc = await bundleContract();
    const { ajv } = compileContract(doc, readOperations(doc));
    const rewrite = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"https://contract.invalid/schemas/'));
    compile = (schema) => {
      const validate = ajv.compile(rewrite(schema) as object);
      return (data) => (validate(data) ? [] : formatErrors(validate.errors));
    };
    cases = collectExamples(doc);
  });

  test('every operation has examples for its success response and request body', () => {
    // 8 operations, each with a success example and (except the list) a request example.
    const labels = cases.map((c) => c.label);
    for (const expected of [
      'POST /api/v1/companies/search/ 200',
      'GET /api/v1/municipalities/ 200',
      'POST /api/v1/watchdogs/ 201',
      'PATCH /api/v1/watchdogs/{uuid}/events/{event_uuid}/ 200',
      'POST /api/v1/watchdogs/{uuid}/activate/ request',
      'POST /api/v1/watchdogs/{uuid}/deactivate/ request',
      'POST /api/v1/watchdogs/{uuid}/subscribe/ request',
      'POST /api/v1/watchdogs/{uuid}/unsubscribe/ request',
    ]) {
      expect(labels.some((label) => label.includes(`(${expected}`))).toBe(true);
    }
  });

  test('every example validates against its schema', () => {
    expect(cases.length).toBeGreaterThan(40);
    const failures = cases.flatMap((c) => compile(c.schema)(c.value).map((error) => `${c.label}: ${error}`));
    // The message names the example and the rule, e.g.
    // example 'at-upper-austria' (GET /api/v1/municipalities/ 200 application/json): /results/0/name must NOT have more than 255 characters
    expect(failures).toEqual([]);
  });
});
