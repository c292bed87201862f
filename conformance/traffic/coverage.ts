// Contract coverage of recorded traffic: per operation, which declared statuses it saw, which
// query parameters it sent and which body fields (any media type). The share of those cells the
// traffic touched is what `--min-coverage` gates.
import type { OperationId } from '../../generated';
import { FACTS, OPERATION_IDS } from '../contract/facts';
import type { JsonSchema } from '../contract/document';
import { credentialForms } from '../engine/credentials';
import type { TrafficEntry } from './read';

export interface OperationCoverage {
  /** Declared status → seen. */
  statuses: Record<string, boolean>;
  /** Statuses seen that the contract does not declare. */
  undeclared: number[];
  /** Query parameter → sent. */
  parameters: Record<string, boolean>;
  /** Body field (of any media type) → sent. */
  fields: Record<string, boolean>;
}

export interface TrafficCoverage {
  operations: Record<string, OperationCoverage>;
  /** Cells touched / cells, over every operation. */
  covered: number;
  total: number;
  percent: number;
}

const CREDENTIAL_QUERY = new Set<string>(credentialForms.filter((f) => f.in === 'query').map((f) => f.name));

function fieldsSent(entry: TrafficEntry): string[] {
  const body = entry.requestBody;
  if (!body) return [];
  const type = entry.requestHeaders['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return [...new URLSearchParams(body).keys()];
  if (type.startsWith('multipart/form-data')) return [...body.matchAll(/name="([^"]+)"/g)].map((m) => m[1]!);
  try {
    const json = JSON.parse(body) as unknown;
    return json && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : [];
  } catch {
    return [];
  }
}

export function createTrafficCoverage() {
  const operations: Record<string, OperationCoverage> = {};
  for (const id of OPERATION_IDS) {
    const facts = FACTS[id];
    const fields = new Set(facts.bodies.flatMap((b) => Object.keys((b.schema.properties ?? {}) as Record<string, JsonSchema>)));
    operations[id] = {
      statuses: Object.fromEntries(facts.declared.map((s) => [String(s), false])),
      undeclared: [],
      parameters: Object.fromEntries(facts.parameters.filter((p) => p.in === 'query').map((p) => [p.name, false])),
      fields: Object.fromEntries([...fields].map((f) => [f, false])),
    };
  }
  return {
    add(id: OperationId, entry: TrafficEntry, url: URL) {
      const cell = operations[id]!;
      if (String(entry.status) in cell.statuses) cell.statuses[String(entry.status)] = true;
      else if (!cell.undeclared.includes(entry.status)) cell.undeclared.push(entry.status);
      for (const name of url.searchParams.keys()) if (!CREDENTIAL_QUERY.has(name) && name in cell.parameters) cell.parameters[name] = true;
      for (const name of fieldsSent(entry)) if (name in cell.fields) cell.fields[name] = true;
    },
    result(): TrafficCoverage {
      const cells = Object.values(operations).flatMap((c) => [...Object.values(c.statuses), ...Object.values(c.parameters), ...Object.values(c.fields)]);
      const covered = cells.filter(Boolean).length;
      return { operations, covered, total: cells.length, percent: cells.length ? Math.round((covered / cells.length) * 1000) / 10 : 0 };
    },
  };
}

/** The coverage as console lines: the total, then one line per operation the traffic touched or missed. */
export function renderTrafficCoverage(coverage: TrafficCoverage): string[] {
  const out = [`Contract coverage of the traffic: ${coverage.percent}% (${coverage.covered}/${coverage.total} cells: operation × status × query parameter × body field)`];
  for (const [id, c] of Object.entries(coverage.operations)) {
    const part = (label: string, cells: Record<string, boolean>) => {
      const names = Object.keys(cells);
      return names.length ? `${label} ${names.filter((n) => cells[n]).length}/${names.length}` : undefined;
    };
    const missing = [...Object.entries(c.statuses), ...Object.entries(c.parameters), ...Object.entries(c.fields)].filter(([, seen]) => !seen).map(([name]) => name);
    const parts = [part('statuses', c.statuses), part('parameters', c.parameters), part('fields', c.fields)].filter(Boolean).join(', ');
    const extra = c.undeclared.length ? `; undeclared statuses seen: ${c.undeclared.join(', ')}` : '';
    out.push(`  ${id.padEnd(30)} ${parts}${missing.length ? ` · not seen: ${missing.join(', ')}` : ''}${extra}`);
  }
  return out;
}
