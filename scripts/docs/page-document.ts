// The page's copy of the contract: the bundled document with generated sections appended to
// `info.description` (credentials, error bodies, what the filters keep, unknowns), because Scalar renders descriptions
// but not `x-` extensions. openapi/ and generated/ are never changed.
import { deref, isObject, type Json, type JsonObject } from './contract';
import { credentialsSection } from './credentials';
import { errorsSection } from './errors';
import { meaningSection } from './meaning';
import { unknownsSection } from './unknowns';

const SECTIONS: Array<(document: JsonObject) => string> = [credentialsSection, errorsSection, meaningSection, unknownsSection];

/**
 * Replaces `$ref`s to `#/components/examples/*` inside media types' `examples` maps by the
 * examples themselves. Scalar 1.46 resolves them for the example picker but shows the raw
 * `{"$ref": …}` objects in a response's "Examples" popover. Names (the map keys) are kept.
 */
function inlineExampleRefs(document: JsonObject): void {
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' && isObject(value) && !Array.isArray(value)) {
        for (const [name, example] of Object.entries(value)) {
          const resolved = isObject(example) && typeof example.$ref === 'string' ? deref(document, example) : undefined;
          if (!resolved) continue;
          // The picker labels an inlined example by its summary; keep the name (the mock's
          // `Prefer: example=<name>`) in front of it.
          const summary = typeof resolved.summary === 'string' ? `${name}: ${resolved.summary}` : name;
          value[name] = { ...structuredClone(resolved), summary };
        }
      } else {
        visit(value);
      }
    }
  };
  visit(document.paths ?? null);
  if (isObject(document.components)) {
    visit(document.components.responses ?? null);
    visit(document.components.requestBodies ?? null);
  }
}

export function pageDocument(contract: JsonObject): JsonObject {
  const document = structuredClone(contract);
  inlineExampleRefs(document);
  const info = isObject(document.info) ? document.info : {};
  const description = typeof info.description === 'string' ? info.description.trimEnd() : '';
  document.info = {
    ...info,
    description: [description, ...SECTIONS.map((section) => section(contract))].join('\n\n') + '\n',
  };
  return document;
}
