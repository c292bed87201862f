// Everything in generated/, rendered in memory from the contract: file name -> bytes.
import path from 'node:path';
import { bundleContract, CONTRACT_ENTRY } from './bundle';
import { readMeaning } from './meaning';
import { readOperations } from './operations';
import { readPublishedErrors } from './published-errors';
import { readCredentialForms } from './security';
import { renderSources } from './sources';
import { renderTables } from './tables';
import { renderTypes } from './types';
import { renderValidators } from './validators';

export async function renderGenerated(entry = CONTRACT_ENTRY): Promise<Map<string, string>> {
  const doc = await bundleContract(entry);
  const operations = readOperations(doc);
  const validators = renderValidators(doc, operations);
  return new Map([
    ['openapi.json', `${JSON.stringify(doc, null, 2)}\n`],
    ['schema.d.ts', await renderTypes(doc)],
    ['validators.cjs', validators.code],
    ['validators.d.cts', validators.declarations],
    [
      'index.ts',
      renderTables({
        operations,
        schemaNames: validators.schemaNames,
        credentialForms: readCredentialForms(doc, operations.map((op) => op.operationId)),
        publishedErrors: readPublishedErrors(doc, operations),
        meaning: readMeaning(doc, operations),
      }),
    ],
    ['sources.ts', renderSources(entry)],
  ]);
}
