// The one-way flow of the tree: openapi/ → generated/ → protocol/ → mock/, sandbox/, client/,
// conformance/ → strength/. Each part learns contract facts from generated/ and shared wire rules
// from protocol/, never from a sibling's internals; strength/ composes the sandbox and the suite
// through their public entries only; nothing that runs imports scripts/. Read from the relative
// imports of every source file, so a new file or folder is covered without a list.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** What the code a user runs in each part may import from outside that part. */
const MAY_IMPORT: Record<string, string[]> = {
  generated: [],
  protocol: ['generated'],
  mock: ['generated', 'protocol'],
  sandbox: ['generated', 'protocol'],
  client: ['generated', 'protocol'],
  conformance: ['generated', 'protocol'],
  strength: ['generated', 'protocol', 'sandbox', 'conformance'],
};

/** Parts another part may use only through their public entry (`<part>/index.ts`, what the package exports). */
const THROUGH_ENTRY: Record<string, string[]> = { strength: ['sandbox', 'conformance'] };
const isEntry = (part: string, target: string) => target === part || target === `${part}/index` || target === `${part}/index.ts`;

/**
 * A part's own tests may also use a sibling as their target (the suite's tests run against the
 * sandbox), never scripts/.
 */
const TESTS_MAY_ALSO_IMPORT: Record<string, string[]> = { conformance: ['sandbox', 'strength'] };
/** Every part's tests may use the shared test tooling (child processes, Chromium), and nothing else of test/. */
const SHARED_TEST_TOOLING = 'test/support/';

const isTestFile = (file: string) => /\.test\.ts$|(^|\/)test\/|test-support\.ts$/.test(file);

// `import … from '…'`, `export … from '…'`, `import '…'`, `require('…')`, `import('…')`.
const IMPORT = /(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(c|m)?(t|j)s$/.test(entry.name) ? [rel] : [];
  });
}

/** The top-level part each relative import of `file` lands in, when it leaves the file's own part. */
function foreignImports(file: string): { specifier: string; part: string; target: string }[] {
  const own = file.split(path.sep)[0]!;
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), m[1]!)).split(path.sep).join('/');
      return { specifier: m[1]!, part: target.split('/')[0]!, target };
    })
    .filter(({ part }) => part !== own);
}

describe.each(Object.keys(MAY_IMPORT))('%s/', (part) => {
  const files = sourceFiles(part);

  test('has source files to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  const entries = THROUGH_ENTRY[part]?.length ? `; ${THROUGH_ENTRY[part]!.join(', ')} only through their index.ts` : '';
  test(`imports only from ${MAY_IMPORT[part]!.join(', ') || 'itself'}${entries} (its tests also from ${[...(TESTS_MAY_ALSO_IMPORT[part] ?? []), SHARED_TEST_TOOLING].join(', ')})`, () => {
    const wrong = files.flatMap((file) => {
      const allowed = [...MAY_IMPORT[part]!, ...(isTestFile(file) ? (TESTS_MAY_ALSO_IMPORT[part] ?? []) : [])];
      const entryOnly = isTestFile(file) ? [] : (THROUGH_ENTRY[part] ?? []);
      return foreignImports(file)
        .filter(({ part, target }) => (!allowed.includes(part) && !(isTestFile(file) && target.startsWith(SHARED_TEST_TOOLING))) || (entryOnly.includes(part) && !isEntry(part, target)))
        .map(({ specifier, part, target }) => `${file} imports '${specifier}' (${entryOnly.includes(part) && allowed.includes(part) ? `${target}: ${part}/ only through ${part}/index.ts` : `${part}/`})`);
    });
    expect(wrong).toEqual([]);
  });
});

/**
 * Inside conformance/, facts flow one way through its layers: the vocabulary (engine), the
 * contract's facts, the cases, the model of expected state, the rules, the runner, the phases;
 * the suite and what serves it (report/, progress/, traffic/, the CLI) stand above them all.
 * A file of a layer imports only from its own layer and those before it.
 */
const CONFORMANCE_LAYERS = ['engine', 'contract', 'cases', 'model', 'rules', 'runner', 'phases'];
const layerOf = (file: string) => {
  const [top, sub, ...rest] = file.split('/');
  return top === 'conformance' && rest.length > 0 ? CONFORMANCE_LAYERS.indexOf(sub!) : -1;
};

describe('conformance/ layers: ' + CONFORMANCE_LAYERS.join(' → ') + ' → the suite', () => {
  const files = sourceFiles('conformance').map((file) => file.split(path.sep).join('/')).filter((file) => !isTestFile(file));

  test('every layer has source files', () => {
    expect(CONFORMANCE_LAYERS.filter((layer) => !files.some((file) => file.startsWith(`conformance/${layer}/`)))).toEqual([]);
  });

  test('a layer imports only from itself and the layers before it', () => {
    const wrong = files.flatMap((file) => {
      const own = layerOf(file);
      if (own < 0) return [];
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      return [...text.matchAll(IMPORT)].flatMap((m) => {
        const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), m[1]!)).split(path.sep).join('/');
        if (!target.startsWith('conformance/')) return [];
        const layer = layerOf(target);
        return layer >= 0 && layer <= own ? [] : [`${file} (${CONFORMANCE_LAYERS[own]}) imports '${m[1]}' (${layer >= 0 ? CONFORMANCE_LAYERS[layer] : 'above the layers'})`];
      });
    });
    expect(wrong).toEqual([]);
  });
});

/**
 * Above the layers, conformance/'s parts (report/, baseline/, traffic/, progress/ and each file of
 * its own folder: suite.ts, replay.ts, cli.ts, …) import one another one way too: no two of them
 * import each other, however indirectly (baseline/ applies to reports; report/ knows nothing of
 * baselines but what it shows).
 */
test('conformance/ has no import cycle between its folders and top-level files', () => {
  const files = sourceFiles('conformance').map((file) => file.split(path.sep).join('/')).filter((file) => !isTestFile(file));
  const nodeOf = (file: string) => (file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : file.replace(/\.(c|m)?(t|j)s$/, ''));
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), m[1]!)).split(path.sep).join('/');
      if (!target.startsWith('conformance/') || nodeOf(target) === nodeOf(file)) continue;
      edges.set(nodeOf(file), (edges.get(nodeOf(file)) ?? new Set()).add(nodeOf(target)));
    }
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') return void cycles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) visit(node, []);
  expect(edges.get('conformance/baseline')).toContain('conformance/report');
  expect(cycles).toEqual([]);
});

// generated/ holds data: tables, types and fingerprints, plus ajv's precompiled validators. The
// code that reads them is hand-written, type-checked TypeScript in protocol/.
test('generated/ TypeScript is data only: constants and types, no import, no function', () => {
  const code = fs.readdirSync(path.join(ROOT, 'generated')).filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts'));
  expect(code.sort()).toEqual(['index.ts', 'sources.ts']);
  const found = code.flatMap((name) => {
    const text = fs.readFileSync(path.join(ROOT, 'generated', name), 'utf8');
    return [/^\s*import\b/m, /\bfunction\b/, /=>/, /\brequire\(/]
      .filter((code) => code.test(text))
      .map((code) => `generated/${name} has ${code}`);
  });
  expect(found).toEqual([]);
});

test('the import reader sees every form of import', () => {
  const text = `import a from './a'; export { b } from "../b"; import './c'; require('./d'); await import('../e');`;
  expect([...text.matchAll(IMPORT)].map((m) => m[1])).toEqual(['./a', '../b', './c', './d', '../e']);
});
