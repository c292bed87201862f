// Everything in generated/, rendered in memory from the contract: file name -> bytes.
import { bundleContract, CONTRACT_ENTRY } from './bundle';
import { renderLookup } from './lookup';
import { readOperations } from './operations';
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
    ['index.ts', renderLookup(operations, validators.schemaNames)],
  ]);
}
