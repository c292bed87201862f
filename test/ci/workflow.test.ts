// The CI workflow runs for every change: a pull request or a push to main that touches any
// folder of the project (not only openapi/) starts it, on every supported Node version, and runs
// what .ci/run runs, with CI=true (so a missing browser fails the browser tests).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const WORKFLOW = path.join(ROOT, '.github/workflows/contract.yml');

interface Trigger {
  branches?: string[];
  paths?: string[];
  'paths-ignore'?: string[];
}
interface Workflow {
  on: Record<string, Trigger | null>;
  jobs: Record<string, {
    strategy?: { matrix?: { node?: number[] } };
    permissions?: Record<string, string>;
    steps: Array<{ name?: string; run?: string; uses?: string; if?: string; with?: Record<string, string>; env?: Record<string, string> }>;
  }>;
}

const workflow = YAML.parse(fs.readFileSync(WORKFLOW, 'utf8')) as Workflow;

/** GitHub's filter glob: `**` any path, `*` and `?` within one segment. */
function globRegExp(glob: string): RegExp {
  const WILDCARDS: Record<string, string> = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' };
  const source = glob
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => WILDCARDS[part] ?? part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether a change of `file` starts the workflow through `trigger` (GitHub's paths / paths-ignore rules; a later `!pattern` excludes). */
function triggers(trigger: Trigger | null, file: string): boolean {
  if (trigger?.paths) {
    let included = false;
    for (const pattern of trigger.paths) {
      if (pattern.startsWith('!')) {
        if (globRegExp(pattern.slice(1)).test(file)) included = false;
      } else if (globRegExp(pattern).test(file)) included = true;
    }
    return included;
  }
  if (trigger?.['paths-ignore']) return !trigger['paths-ignore'].some((pattern) => globRegExp(pattern).test(file));
  return true;
}

/** One file in every top-level folder of the project, and its top-level files. */
function projectFiles(): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (['node_modules', 'reports', '.git'].includes(entry.name)) continue;
    if (entry.isFile()) files.push(entry.name);
    else if (entry.isDirectory()) {
      const first = fs.readdirSync(path.join(ROOT, entry.name), { recursive: true, withFileTypes: true }).find((item) => item.isFile());
      if (first) files.push(path.relative(ROOT, path.join(first.parentPath, first.name)).split(path.sep).join('/'));
    }
  }
  return files;
}

test('the filter reading itself: paths and paths-ignore as GitHub applies them', () => {
  expect(triggers({ paths: ['openapi/**'] }, 'client/index.ts')).toBe(false);
  expect(triggers({ paths: ['openapi/**'] }, 'openapi/paths/x.yaml')).toBe(true);
  expect(triggers({ paths: ['**', '!docs/**'] }, 'docs/index.html')).toBe(false);
  expect(triggers({ 'paths-ignore': ['**/*.md'] }, 'sandbox/README.md')).toBe(false);
  expect(triggers({ 'paths-ignore': ['**/*.md'] }, 'sandbox/main.ts')).toBe(true);
  expect(triggers(null, 'anything')).toBe(true);
});

test('every pull request and every push to main starts it, whatever folder the change touches', () => {
  expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request', 'push']));
  expect(workflow.on.pull_request?.branches).toBeUndefined();
  expect(workflow.on.push?.branches).toContain('main');
  const files = projectFiles();
  expect(files.filter((file) => !file.startsWith('openapi/')).length).toBeGreaterThan(8);
  const skipped = ['pull_request', 'push'].flatMap((event) => files.filter((file) => !triggers(workflow.on[event] ?? null, file)).map((file) => `${event}: ${file}`));
  expect(skipped).toEqual([]);
});

test('runs .ci/run with CI=true on Node 20, 22 and 24', () => {
  const [job] = Object.values(workflow.jobs);
  expect(job!.strategy?.matrix?.node).toEqual([20, 22, 24]);
  const run = job!.steps.find((step) => step.run?.includes('.ci/run'));
  expect(run?.env?.CI).toBe('true');
});

test('uploads the results.sarif of every conformance run npm test makes to code scanning, each in its own category', () => {
  const [job] = Object.values(workflow.jobs);
  expect(job!.permissions?.['security-events']).toBe('write');
  // The report folders npm test gives the conformance CLI (scripts/test.ts).
  const testScript = fs.readFileSync(path.join(ROOT, 'scripts/test.ts'), 'utf8');
  const folders = [...testScript.matchAll(/tsx\('conformance\/cli\.ts'[^)]*'--report', '([^']+)'\)/g)].map((m) => m[1]!);
  expect(folders.length).toBeGreaterThanOrEqual(2);
  const uploads = job!.steps.filter((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'));
  expect(uploads.map((step) => step.with?.sarif_file).sort()).toEqual(folders.map((folder) => `${folder}/results.sarif`).sort());
  expect(new Set(uploads.map((step) => step.with?.category)).size).toBe(uploads.length);
  // Even when a test failed (its findings are what the upload is for).
  for (const step of uploads) expect(step.if).toMatch(/^always\(\) && /);
});
