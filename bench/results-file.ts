// bench/RESULTS.md: `npm run bench` rewrites only the part between its markers (and `npm run
// bench:package` only its own), so the hand-written findings and the before/after table around them survive every run.
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_FILE = path.join(__dirname, 'RESULTS.md');
const MAIN_BEGIN = '<!-- bench:begin (written by `npm run bench`; edits inside are overwritten) -->';
const MAIN_END = '<!-- bench:end -->';

/** Another script's own part (`npm run bench:package` writes `package`), appended when missing. */
const markers = (part: string) => [`<!-- bench:${part}:begin (written by \`npm run bench:${part}\`; edits inside are overwritten) -->`, `<!-- bench:${part}:end -->`] as const;

/** The file when it does not exist yet: the generated part, then sections for people to fill. */
const TEMPLATE = `# Benchmark results

\`npm run bench\` (bench/run.ts) measured the figures below in one run; rerun it to refresh them.
Only the part between the markers is rewritten.

${MAIN_BEGIN}
${MAIN_END}

## Findings

(Why the slow figures are slow, with evidence, and what would help.)

## Before / after

| figure | before | after | change |
|---|---|---|---|
| | | | |
`;

export function writeResults(generated: string, file = RESULTS_FILE, part?: string): void {
  const [BEGIN, END] = part ? markers(part) : [MAIN_BEGIN, MAIN_END];
  let current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : TEMPLATE;
  if (part && !current.includes(BEGIN)) current = `${current.trimEnd()}\n\n${BEGIN}\n${END}\n`;
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${path.relative(process.cwd(), file)} lost its markers ${BEGIN} … ${END}; restore them or delete the file`);
  fs.writeFileSync(file, `${current.slice(0, begin + BEGIN.length)}\n\n${generated}\n\n${current.slice(end)}`);
}
