// Every rule is registered where it is defined, and the catalog (rules/index.ts) holds every one:
// a rule module the catalog does not import would register its rules only when something else
// loads it, and its rules would be missing from the reports' rule × operation lines.
import fs from 'node:fs';
import path from 'node:path';
import { registeredRules } from '../rules/define';
import { RULES } from '../rules/index';

const RULES_DIR = path.resolve(__dirname, '..', 'rules');

test('the catalog holds every rule that any rule module defines, each once', () => {
  const modules = fs.readdirSync(RULES_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  expect(modules.length).toBeGreaterThan(5);
  for (const file of modules) require(path.join(RULES_DIR, file));
  const catalog = RULES.map((rule) => rule.name);
  expect(new Set(catalog).size).toBe(catalog.length);
  expect(registeredRules().map((rule) => rule.name).filter((name) => !catalog.includes(name))).toEqual([]);
  expect(catalog.length).toBe(registeredRules().length);
});
