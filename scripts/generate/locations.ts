// Where each operation is written in openapi/: the path file and the line of its method key, so a
// finding about an operation points at the contract (results.sarif: GitHub code scanning shows it
// on that line). Paths relative to the folder that holds openapi/ (the repository's root), with
// forward slashes. An installed kit has no openapi/; the table travels in generated/ instead.
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';

export interface SourceLocation {
  file: string;
  line: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function read(file: string) {
  const lines = new LineCounter();
  const doc = parseDocument(fs.readFileSync(file, 'utf8'), { lineCounter: lines });
  return { root: doc.contents, lines };
}

/** Each method of a path item: its operationId and the line of its key. */
function operationsIn(item: YAMLMap, lines: LineCounter): Array<[string, number]> {
  return item.items.flatMap((pair) => {
    if (!isScalar(pair.key) || !METHODS.includes(String(pair.key.value)) || !isMap(pair.value)) return [];
    const id = pair.value.get('operationId');
    return typeof id === 'string' ? [[id, lines.linePos(pair.key.range![0]).line] as [string, number]] : [];
  });
}

export function readOperationLocations(entry: string): Record<string, SourceLocation> {
  const root = path.dirname(path.dirname(entry));
  const shown = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const top = read(entry);
  const paths = isMap(top.root) ? (top.root.get('paths', true) as Node | undefined) : undefined;
  const found: Record<string, SourceLocation> = {};
  if (!isMap(paths)) return found;
  for (const pair of paths.items) {
    if (!isMap(pair.value)) continue;
    const ref = pair.value.get('$ref');
    if (typeof ref === 'string' && !ref.includes('#')) {
      // A path item in a file of its own (openapi/paths/…): its methods there.
      const file = path.resolve(path.dirname(entry), ref);
      const item = read(file);
      if (isMap(item.root)) for (const [id, line] of operationsIn(item.root, item.lines)) found[id] = { file: shown(file), line };
    } else {
      for (const [id, line] of operationsIn(pair.value, top.lines)) found[id] = { file: shown(entry), line };
    }
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}
