// report.html: the run as one self-contained page (no script, no request: it opens from disk and
// is shared as one file) — the verdict; the failures grouped by rule and operation, each showing
// why the rule holds (the rule and the contract's words), the request as sent and the answer as
// received (redacted), the curl line; the warnings and skips with their reasons; coverage maps as
// pictures; response times per operation; how the deployment held the run back. Bodies over a
// few KB are links into bodies/ beside it, as in the other reports.
import type { OperationId } from '../../generated';
import { operationNode } from '../contract/document';
import { isLong, type BodyStore } from '../engine/bodies';
import type { ExchangeView } from '../engine/exchange-view';
import type { Finding } from '../engine/types';
import { RULES } from '../rules/index';
import { BOUND_SIDES, VALUE_CLASSES } from '../runner/input-coverage';
import { baselineLines, describeTarget, incompleteLines, readsStoredBody, receivedAgainstDeclared, reproduce, responseTimesTitle, verdictLabel } from './console';
import { xmlEscape as esc } from './escape';
import { heatmapSvg, type Heatmap } from './heatmap';
import type { Line, Report } from './model';
import { throttlingLine, type ResponseTimes } from './timing';

/** Findings shown with their exchange per line; the rest are counted (all are in junit.xml). */
const EVIDENCE_PER_LINE = 3;
/** What of a body kept in bodies/ shows inline. */
const PREVIEW = 1000;

const SUMMARY = new Map(RULES.map((rule) => [rule.name, rule.summary]));

/** The contract's own words on an operation: its summary and description. */
function contractWords(operationId: string): string | undefined {
  if (operationId === '-') return undefined;
  const node = operationNode(operationId as OperationId) as { summary?: string; description?: string };
  return [node.summary, node.description].filter(Boolean).join('. ') || undefined;
}

/**
 * A body as sent or received: whole when short; a long request body is kept in bodies/ (the curl
 * line reads the same file), a long answer shows its start (its curl fetches it again).
 */
function body(text: string | undefined, store: BodyStore | undefined, mediaType?: string): string {
  if (text === undefined || text === '') return '<p class="none">(no body)</p>';
  if (!isLong(text)) return `<pre>${esc(text)}</pre>`;
  const size = Buffer.byteLength(text);
  const file = store?.refer(text, mediaType);
  const where = file ? `kept gzip-compressed in <a href="${esc(file)}">${esc(file)}</a> beside this page` : 'not kept (its curl line asks for it again)';
  return `<p class="stored">${size} bytes, ${where}; its start:</p><pre>${esc(text.slice(0, PREVIEW))}…</pre>`;
}

const contentType = (headers: string[]) => headers.find((h) => /^content-type:/i.test(h))?.replace(/^content-type:\s*/i, '');

function exchange(view: ExchangeView, store: BodyStore): string {
  const { request: rq, response: rs } = view;
  return [
    '<div class="exchange">',
    '<div><h5>Request as sent</h5>',
    `<pre>${esc(`${rq.method} ${rq.url}\n${rq.headers.join('\n')}`)}</pre>`,
    body(rq.body, store, contentType(rq.headers)),
    '</div><div>',
    `<h5>Answer as received${rs.ms !== undefined ? ` (${rs.ms} ms)` : ''}</h5>`,
    `<pre>${esc(`${rs.status}\n${rs.headers.join('\n')}`)}</pre>`,
    body(rs.body, undefined, contentType(rs.headers)),
    '</div></div>',
  ].join('');
}

function evidence(finding: Finding, store: BodyStore): string {
  const detail = receivedAgainstDeclared(finding);
  return [
    '<div class="evidence">',
    `<p class="message">${esc(finding.message)}</p>`,
    detail ? `<p class="detail">${esc(detail)}</p>` : '',
    finding.exchange ? exchange(finding.exchange, store) : '',
    finding.curl ? `<h5>curl${finding.failure !== undefined ? ` (failures.json #${finding.failure})` : ''}</h5><pre class="curl">${esc(finding.curl)}</pre>` : '',
    '</div>',
  ].join('');
}

function lineDetails(line: Line, store: BodyStore, kind: 'failure' | 'warning'): string {
  const words = contractWords(line.operationId);
  const shown = line.evidence.slice(0, EVIDENCE_PER_LINE);
  return [
    `<details class="${kind}" data-rule="${esc(line.rule)}" data-operation="${esc(line.operationId)}">`,
    `<summary><code>${esc(line.operationId)}</code> ${esc(line.message)}</summary>`,
    '<div class="why"><h5>Why the rule holds</h5>',
    `<blockquote>${esc(SUMMARY.get(line.rule) ?? line.rule)}</blockquote>`,
    words ? `<blockquote class="contract">${esc(line.operationId)}, as the contract says: ${esc(words)}</blockquote>` : '',
    '</div>',
    ...shown.map((finding) => evidence(finding, store)),
    line.evidence.length > shown.length ? `<p class="more">… ${line.evidence.length - shown.length} more (see junit.xml)</p>` : '',
    '</details>',
  ].join('');
}

/** Lines grouped by rule, each rule a heading with the operations under it. */
function byRule(lines: Line[], store: BodyStore, kind: 'failure' | 'warning'): string {
  const rules = [...new Set(lines.map((line) => line.rule))];
  return rules.map((rule) => `<h3><code>${esc(rule)}</code></h3>${lines.filter((line) => line.rule === rule).map((line) => lineDetails(line, store, kind)).join('')}`).join('');
}

function coverageMaps(report: Report): string {
  const coverage = report.coverage.operations;
  const statuses = [...new Set(Object.values(coverage).flatMap((cells) => Object.keys(cells)))].sort();
  const statusMap: Heatmap = {
    rows: Object.keys(coverage),
    columns: statuses,
    cell(op, status) {
      const c = coverage[op]?.[status];
      if (!c) return undefined;
      return c.exercised ? { value: 1, title: `${op} ${status}: seen` } : { value: 'missing', title: `${op} ${status}: not seen — ${c.reason}` };
    },
  };
  const counts = (map: Record<string, Record<string, number>>, columns: readonly string[], what: string): Heatmap => ({
    rows: Object.keys(map).sort(),
    columns: columns.filter((column) => Object.values(map).some((cells) => cells[column])),
    cell: (row, column) => ({ value: map[row]?.[column] ?? 0, title: `${row} · ${column}: ${map[row]?.[column] ?? 0} ${what}` }),
  });
  const credentials = report.inputs.credentials;
  const forms = [...new Set(Object.values(credentials).flatMap((cells) => Object.keys(cells)))].sort();
  const maps: Array<[string, string, Heatmap]> = [
    ['Operation × declared status', 'green: seen; amber: declared, not seen (hover for why)', statusMap],
    ['Query parameter × class of value sent', 'the darker, the more requests; grey: none', counts(report.inputs.parameterValues, VALUE_CLASSES, 'requests')],
    ['Body field × side of its bound sent', 'fields with a published bound; the darker, the more requests', counts(report.inputs.fieldBounds, BOUND_SIDES, 'requests')],
    ['Operation × credential form sent', 'valid, invalid (made up, a near miss of a real secret), the limited key, none', counts(credentials, forms, 'requests')],
  ];
  return maps
    .filter(([, , map]) => map.rows.length > 0 && map.columns.length > 0)
    .map(([title, legend, map]) => `<figure><figcaption><strong>${esc(title)}</strong> <span>${esc(legend)}</span></figcaption>${heatmapSvg(map, title)}</figure>`)
    .join('');
}

function timesChart(rows: ResponseTimes[]): string {
  if (rows.length === 0) return '';
  const scale = Math.max(...rows.map((r) => r.max), 1);
  const left = Math.max(...rows.map((r) => r.operationId.length)) * 6.6 + 10;
  const width = 520;
  const x = (ms: number) => left + (ms / scale) * width;
  const bars = rows.map((r, i) => {
    const y = 8 + i * 22;
    return [
      `<text x="${left - 6}" y="${y + 12}" text-anchor="end">${esc(r.operationId)}</text>`,
      `<rect x="${left}" y="${y}" width="${Math.max(1, x(r.p50) - left)}" height="16" fill="#3e7bfa"><title>p50 ${r.p50} ms</title></rect>`,
      `<rect x="${x(r.p50)}" y="${y}" width="${Math.max(1, x(r.p95) - x(r.p50))}" height="16" fill="#9bbcff"><title>p95 ${r.p95} ms</title></rect>`,
      `<line x1="${x(r.max)}" x2="${x(r.max)}" y1="${y}" y2="${y + 16}" stroke="#c0392b" stroke-width="2"><title>max ${r.max} ms</title></line>`,
    ].join('');
  });
  const height = 16 + rows.length * 22;
  const legend = `<figcaption><strong>Per operation</strong> <span>dark: to the median (p50); light: to p95; red: the slowest; 0 to ${scale} ms</span></figcaption>`;
  return `<figure>${legend}<svg class="times" role="img" aria-label="Response times per operation" width="${left + width + 60}" height="${height}" xmlns="http://www.w3.org/2000/svg">${bars.join('')}</svg></figure>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1f2933;background:#fafbfc}
main{max-width:1200px;margin:0 auto;padding:0 24px 48px}
header.verdict{padding:20px 24px;color:#fff}header.pass{background:#2f855a}header.fail{background:#c53030}header.incomplete{background:#7b5e00}
section.incomplete{background:#fff8e1;border:1px solid #d69e2e;border-radius:6px;padding:4px 14px;margin-top:16px}
header h1{margin:0 0 6px;font-size:26px}header p{margin:2px 0}
nav{margin:12px 0}nav a{margin-right:14px}
h2{margin-top:32px;border-bottom:1px solid #d9e2ec;padding-bottom:4px}h3{margin:18px 0 6px}h5{margin:10px 0 4px;font-size:12px;text-transform:uppercase;color:#52606d}
details{background:#fff;border:1px solid #d9e2ec;border-radius:6px;margin:6px 0;padding:6px 10px}
details.failure{border-left:4px solid #c53030}details.warning{border-left:4px solid #d69e2e}
summary{cursor:pointer}summary code{background:#eef2f7;padding:1px 4px;border-radius:3px}
pre{background:#f0f4f8;padding:8px;overflow:auto;max-height:320px;white-space:pre-wrap;word-break:break-all;margin:4px 0}
.exchange{display:grid;grid-template-columns:1fr 1fr;gap:12px}
blockquote{margin:4px 0;padding:4px 10px;border-left:3px solid #9aa5b1;color:#3e4c59}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d9e2ec;padding:3px 8px;text-align:left;vertical-align:top}td.n{text-align:right}
figure{margin:12px 0;background:#fff;border:1px solid #d9e2ec;border-radius:6px;padding:10px;overflow:auto}figcaption span{color:#52606d;margin-left:8px}
svg text{font:11px system-ui,sans-serif;fill:#323f4b}
.none,.stored,.more{color:#52606d;font-style:italic}
`;

/** What a baseline did: lines made known, failures it does not list, entries expired, entries fixed. */
function baselineSection(report: Report): string {
  const b = report.baseline;
  if (!b) return '';
  const list = (title: string, items: string[]) => (items.length ? `<h3>${esc(title)} (${items.length})</h3><ul>${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>` : '');
  return [
    `<section id="baseline"><h2>Baseline</h2><p>${esc(baselineLines(b)[0]!)}</p>`,
    list('New: not in the baseline, failing the run', b.new.map((f) => `${f.rule} · ${f.operationId} · ${f.fact}`)),
    list('Expired: failing again', b.expired.map((e) => `${e.rule} · ${e.operationId} · ${e.fact} — expired on ${e.expires}${e.owner ? `, owner ${e.owner}` : ''}${e.reason ? `, ${e.reason}` : ''}`)),
    list('Known: listed, not failing', b.known.map((l) => `${l.rule} · ${l.operationId}`)),
    list('Fixed: no longer failing, drop them (--write-baseline)', b.fixed.map((e) => `${e.rule} · ${e.operationId} · ${e.fact}`)),
    '</section>',
  ].join('');
}

/** `failures`: the failures file as the user names it (the reproduce line). */
export function renderHtml(report: Report, store: BodyStore, failures = 'failures.json'): string {
  const t = report.totals.total;
  const failing = report.lines.filter((line) => line.outcome === 'fail');
  const warnings = report.lines.filter((line) => line.outcome === 'warn');
  const skipped = report.lines.filter((line) => line.outcome === 'skip');
  const throttled = throttlingLine(report.throttling);
  const storedCurl = readsStoredBody(report);
  const verdict = verdictLabel(report);
  const again = report.failures.length && report.traffic === undefined ? reproduce(report, failures) : undefined;
  const row = (line: Line) => `<tr><td>${line.known ? 'KNOWN' : line.outcome.toUpperCase()}</td><td><code>${esc(line.rule)}</code></td><td>${esc(line.operationId)}</td><td>${esc(line.message)}</td></tr>`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    // Nothing is loaded from anywhere: the page is whole in itself.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Conformance: ${verdict} — ${esc(report.baseUrl || report.traffic || '')}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<header class="verdict ${report.verdict}" data-verdict="${report.verdict}"${report.incomplete ? ' data-incomplete="true"' : ''}>`,
    `<h1>Conformance: ${verdict}</h1>`,
    `<p>${esc(describeTarget(report))}</p>`,
    `<p><strong>${t.fail} failed</strong>, ${t.warn} warnings, ${t.pass} passed, ${t.skip} skipped (rule × operation) · ${report.traffic !== undefined ? `${report.requests.budget} exchanges judged` : `${report.requests.sent} requests · seed ${report.seed}`} · ${(report.durationMs / 1000).toFixed(1)} s</p>`,
    throttled ? `<p class="throttling">${esc(throttled)}</p>` : '',
    '</header><main>',
    report.incomplete ? `<section id="incomplete" class="incomplete"><h2>Incomplete</h2>${incompleteLines(report).map((line) => `<p>${esc(line.trim())}</p>`).join('')}</section>` : '',
    '<nav><a href="#failures">Failures</a><a href="#warnings">Warnings</a><a href="#skipped">Skipped</a><a href="#coverage">Coverage</a><a href="#times">Response times</a><a href="#all">All results</a></nav>',
    `<section id="failures"><h2>Failures (${failing.length})</h2>`,
    failing.length ? byRule(failing, store, 'failure') : '<p>None.</p>',
    storedCurl ? '<p class="stored">curl lines that read a body from <code>bodies/…</code> take it from the report folder: run them there.</p>' : '',
    again ? `<p>Reproduce: <code>${esc(again.replay)}</code> (${esc(again.where)}), or rerun everything: <code>${esc(again.rerun)}</code>.</p>` : '',
    '</section>',
    baselineSection(report),
    `<section id="warnings"><h2>Warnings (${warnings.length})</h2><p>What the contract leaves open, or a deployment may choose: never a failure.</p>`,
    warnings.length ? byRule(warnings, store, 'warning') : '<p>None.</p>',
    '</section>',
    `<section id="skipped"><h2>Skipped (${skipped.length})</h2>`,
    skipped.length ? `<table><tr><th>rule</th><th>operation</th><th>why</th></tr>${skipped.map((line) => `<tr><td><code>${esc(line.rule)}</code></td><td>${esc(line.operationId)}</td><td>${esc(line.message)}</td></tr>`).join('')}</table>` : '<p>None.</p>',
    report.notChecked.length ? `<p>${report.notChecked.length} requests not checked: still rate limited when their patience was spent (judged by no rule).</p>` : '',
    report.skippedWrites.length ? `<h3>Write scenarios skipped (read-only run)</h3><ul>${report.skippedWrites.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>` : '',
    '</section>',
    `<section id="coverage"><h2>Coverage (${report.coverage.mode} mode)</h2>${coverageMaps(report)}</section>`,
    `<section id="times"><h2>Response times</h2><p>${esc(responseTimesTitle(report))}</p>`,
    timesChart(report.responseTimes),
    report.responseTimes.length
      ? `<table><tr><th>operation</th><th>answers</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th></tr>${report.responseTimes.map((r) => `<tr><td>${esc(r.operationId)}</td><td class="n">${r.count}</td><td class="n">${r.p50}</td><td class="n">${r.p95}</td><td class="n">${r.max}</td></tr>`).join('')}</table>`
      : '<p>No answer was timed (judged traffic carries no times).</p>',
    '</section>',
    `<section id="all"><h2>All results</h2><details><summary>${report.lines.length} rule × operation lines</summary><table><tr><th>result</th><th>rule</th><th>operation</th><th>detail</th></tr>${report.lines.map(row).join('')}</table></details></section>`,
    '</main></body></html>',
    '',
  ].join('\n');
}
