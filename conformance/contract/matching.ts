// Whether an item's field matches a text filter's value, under every reasonable reading of a
// document that says only "code or name" or "search over …": how a deployment spells (case,
// diacritics folded as Postgres `unaccent` or Elasticsearch's ASCII folding do, German
// transliteration ü/ue, ö/oe, ä/ae, ß/ss, whitespace and punctuation) and how it compares
// (exact, prefix, word prefix, substring), each alone and in every combination. A match under
// the filter's own reading is a match; one that only a looser reading explains is partial (a
// warning: the reading is not published); one that no reading explains is none (a failure).
// The one place that decides it: the filter rules, the filters phase and its tests all ask here.

export type Grade = 'match' | 'partial' | 'none';

/** How a filter compares: `exact` (an enum, a code, a UUID), `name` (a code or a name), `search` (a text search). */
export type Comparison = 'exact' | 'name' | 'search';

export interface Matched {
  grade: Grade;
  /** The reading that explains a partial match, in words: "as a word prefix, diacritics folded". */
  reading?: string;
}

/** One way of spelling text before comparing it; applied in every combination (SPELLINGS). */
interface Spelling {
  words: string;
  apply(text: string): string;
}

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/** Alternatives for accented letters: kept, folded to their base letter, or transliterated. */
const ACCENTS: Array<Spelling | undefined> = [
  undefined,
  { words: 'diacritics folded', apply: (t) => t.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC') },
  { words: 'umlauts transliterated', apply: (t) => t.normalize('NFC').replace(/[äöüÄÖÜ]/g, (c) => TRANSLITERATION[c]!) },
];
const SHARP_S: Array<Spelling | undefined> = [undefined, { words: 'ß as ss', apply: (t) => t.replace(/ß/g, 'ss').replace(/ẞ/g, 'SS') }];
/** Punctuation as a space ("St. Gallen" ~ "St Gallen"), or gone with the spaces ("CHE-109.322.571" ~ "CHE109322571"). */
const PUNCTUATION: Array<Spelling | undefined> = [
  undefined,
  { words: 'punctuation as spaces', apply: (t) => t.replace(/[\p{P}\p{S}]+/gu, ' ') },
  { words: 'punctuation and spaces left out', apply: (t) => t.replace(/[\p{P}\p{S}\s]+/gu, '') },
];

/** Every combination of spellings, the strictest (none) first, then by how many it combines. */
const SPELLINGS: Spelling[][] = ACCENTS.flatMap((a) => SHARP_S.flatMap((s) => PUNCTUATION.map((p) => [a, s, p].filter((x): x is Spelling => x !== undefined)))).sort(
  (a, b) => a.length - b.length,
);
/**
 * The loosest combination for each way of spelling accents (ß as ss, punctuation and spaces left
 * out): a substring under any combination is one under one of these, so a field none of them
 * holds matches under no reading (most items, most of the time).
 */
const LOOSEST = SPELLINGS.map((spellings, i) => [spellings, i] as const)
  .filter(([spellings]) => spellings.includes(SHARP_S[1]!) && spellings.includes(PUNCTUATION[2]!))
  .map(([, i]) => i);

/** How every reading starts: case-insensitive, whitespace collapsed (the sandbox's own and the strictest a filter by name is read). */
const base = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const spelled = (text: string, spellings: Spelling[]) => base(spellings.reduce((t, s) => s.apply(t), base(text)));

/** Ways of comparing, strictest first; `found` holds only for the first that holds. */
const COMPARISONS: Array<{ words: string; holds(field: string, wanted: string): boolean }> = [
  { words: 'exactly', holds: (f, w) => f === w },
  { words: 'as a prefix', holds: (f, w) => f.startsWith(w) },
  { words: 'as a word prefix', holds: (f, w) => f.split(' ').some((_, i, words) => words.slice(i).join(' ').startsWith(w)) },
  { words: 'as a substring', holds: (f, w) => f.includes(w) },
];

/** The first reading of a text, computed once (exact filters compare nothing else). */
const bases = new Map<string, string>();
function baseOf(text: string): string {
  let known = bases.get(text);
  if (known === undefined) {
    if (bases.size > 50_000) bases.clear();
    bases.set(text, (known = base(text)));
  }
  return known;
}

/** Spelled forms per field text and combination, computed once (the same fields are graded many times). */
const forms = new Map<string, string[]>();
function formsOf(text: string): string[] {
  let known = forms.get(text);
  if (!known) {
    if (forms.size > 50_000) forms.clear();
    forms.set(text, (known = SPELLINGS.map((spellings) => spelled(text, spellings))));
  }
  return known;
}

/** Whether the field holds the wanted text under the filter's own reading (the first spelling: none). */
function ownReading(comparison: Comparison, field: string, wanted: string): boolean {
  const [f, w] = [baseOf(field), baseOf(wanted)];
  return comparison === 'search' ? f.includes(w) : f === w;
}

/** How one wanted value fares against an item's fields (a repeated value: the best of them). */
export function matchText(comparison: Comparison, wanted: string, fields: readonly string[]): Matched {
  if (wanted.trim() === '') return { grade: 'none' };
  if (fields.some((field) => ownReading(comparison, field, wanted))) return { grade: 'match' };
  // An exact filter (an enum, a code, a UUID) has no looser reading.
  if (comparison === 'exact') return { grade: 'none' };
  const wantedForms = formsOf(wanted);
  const fieldForms = fields.map(formsOf);
  if (!LOOSEST.some((i) => wantedForms[i] !== '' && fieldForms.some((forms) => forms[i]!.includes(wantedForms[i]!)))) return { grade: 'none' };
  for (const [i, spellings] of SPELLINGS.entries()) {
    const w = wantedForms[i]!;
    if (w === '') continue;
    // Every comparison holds only where the substring does.
    if (!fieldForms.some((forms) => forms[i]!.includes(w))) continue;
    for (const { words, holds } of COMPARISONS) {
      if (fieldForms.some((forms) => holds(forms[i]!, w))) {
        return { grade: 'partial', reading: [words, ...spellings.map((s) => s.words)].join(', ') };
      }
    }
  }
  return { grade: 'none' };
}

/**
 * Whether an item must be in the answer whatever the reading: a field is exactly the value (a
 * value taken from the item itself), for an exact filter whatever its case (codes and UUIDs).
 */
export function beyondDoubt(comparison: Comparison, wanted: string, fields: readonly string[]): boolean {
  if (comparison === 'exact') return fields.some((field) => baseOf(field) === baseOf(wanted));
  return fields.some((field) => field.trim() === wanted.trim());
}
