// What the reference page must show, read from the bundled contract (generated/openapi.json):
// the test compares the page against these lists, never against hard-coded ones.
import {
  deref,
  isObject,
  operationsOf,
  readContract,
  rootUnknowns,
  type Json,
  type JsonObject,
  type Operation,
} from '../../scripts/docs/contract';
import { collectMarks } from '../../scripts/docs/unknowns';

export const contract = readContract();

export interface PageOperation extends Operation {
  tag: string;
}

/** One media type's named examples: where they are, their names and values. */
export interface ExampleSet {
  operationId: string;
  /** 'request' or a response status. */
  slot: string;
  examples: Array<{ name: string; value: Json }>;
}

export function pageOperations(): PageOperation[] {
  return operationsOf(contract).map((operation) => {
    const item = (contract.paths as JsonObject)[operation.path] as JsonObject;
    const tags = (item[operation.method] as JsonObject).tags;
    return { ...operation, tag: Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : 'default' };
  });
}

export const schemaNames = (): string[] => Object.keys(((contract.components as JsonObject).schemas as JsonObject) ?? {});

/** Every enum in the components (schemas and parameters), with a label naming where it is. */
export function enums(): Array<{ where: string; values: string[] }> {
  const found: Array<{ where: string; values: string[] }> = [];
  const visit = (node: Json, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${where}/${index}`));
    if (!isObject(node)) return;
    if (Array.isArray(node.enum)) found.push({ where, values: node.enum.map(String) });
    for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'examples') visit(value, `${where}/${key}`);
  };
  const components = contract.components as JsonObject;
  visit(components.schemas ?? null, '#/components/schemas');
  visit(components.parameters ?? null, '#/components/parameters');
  return found;
}

/** Named JSON examples of every request body and response, per operation. */
export function exampleSets(): ExampleSet[] {
  const sets: ExampleSet[] = [];
  const add = (operationId: string, slot: string, holder: Json | undefined) => {
    const media = deref(contract, holder)?.content;
    const json = isObject(media) ? media['application/json'] : undefined;
    const examples = isObject(json) && isObject(json.examples) ? json.examples : {};
    const named = Object.entries(examples).map(([name, example]) => ({ name, value: deref(contract, example)?.value ?? null }));
    if (named.length > 0) sets.push({ operationId, slot, examples: named });
  };
  for (const operation of operationsOf(contract)) {
    add(operation.operationId, 'request', operation.requestBody);
    for (const [status, response] of Object.entries(operation.responses)) add(operation.operationId, status, response);
  }
  return sets;
}

export function securitySchemes(): Array<{ name: string; scheme: JsonObject }> {
  const schemes = ((contract.components as JsonObject).securitySchemes as JsonObject) ?? {};
  return Object.entries(schemes).map(([name, scheme]) => ({ name, scheme: scheme as JsonObject }));
}

export const publishedUnknowns = (): string[] => rootUnknowns(contract).map((entry) => entry.published);

export const modellingChoices = (): string[] =>
  collectMarks(contract).flatMap((mark) => (mark.modellingChoice === undefined ? [] : [mark.modellingChoice]));

/** Every string in a JSON value (what a reader finds on the page when the example is shown). */
export function stringLeaves(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (isObject(value)) return Object.values(value).flatMap(stringLeaves);
  return [];
}
