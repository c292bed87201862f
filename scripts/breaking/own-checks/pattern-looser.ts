// Whether a new `pattern` provably accepts every string the old one accepted. Deciding it in
// general means comparing two regular languages (and ECMAScript patterns are not all regular),
// so this proves only what a few sound rules show, and says "not proven" otherwise:
//   - the new pattern has no assertion (^ $ \b lookaround) and matches "": it matches every string;
//   - both split at their top-level `|` (a search matches A|B iff it matches A or B): each old
//     alternative is proven against some new one;
//   - an alternative against another: the same tokens, except that the new one may drop a leading
//     `^` or trailing `$`, may widen a bracket class or a single character to a class holding it,
//     or may widen a quantifier's range. Each is monotone (the language only grows), which holds
//     only without backreferences and negative lookaround; those are never proven.
// A pattern the rules cannot prove looser is reported as a break on a request: declare it.

type Range = readonly [number, number];

interface Quantifier {
  min: number;
  max: number;
}

const MAX = 0x10ffff;
const LINE_TERMINATORS = [0x0a, 0x0d, 0x2028, 0x2029];
const DIGITS: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
/** `.` without the s flag: everything but the line terminators. */
const DOT: Range[] = [[0, 0x09], [0x0b, 0x0c], [0x0e, 0x2027], [0x202a, MAX]];

/** Splits a pattern into tokens: escapes, bracket classes, quantifiers, group marks, single characters. */
function tokens(pattern: string): string[] | undefined {
  const out: string[] = [];
  for (let i = 0; i < pattern.length; ) {
    const rest = pattern.slice(i);
    const token =
      /^\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[pP]\{[^}]*\}|c[a-zA-Z]|k<[^>]*>|[\s\S])/.exec(rest)?.[0] ??
      /^\[\^?\]?(?:\\[\s\S]|[^\]\\])*\]/.exec(rest)?.[0] ??
      /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(rest)?.[0] ??
      /^\((?:\?(?:[:=!]|<[=!]|<[^>]*>))?/.exec(rest)?.[0] ??
      [...rest][0];
    if (token === undefined) return undefined;
    out.push(token);
    i += token.length;
  }
  return out;
}

/** The top-level alternatives (outside groups and classes). */
function alternatives(list: string[]): string[][] {
  const parts: string[][] = [[]];
  let depth = 0;
  for (const token of list) {
    if (token.startsWith('(')) depth++;
    if (token === ')') depth--;
    if (token === '|' && depth === 0) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  return parts;
}

const ASSERTIONS = /^(?:\^|\$|\\[bB]|\(\?(?:[=!]|<[=!]))$/;
const UNPROVABLE = /^(?:\\[1-9]|\\k<|\(\?(?:!|<!))/;

function quantifier(token: string): Quantifier | undefined {
  const plain = token.replace(/\?$/, '') || token;
  if (plain === '*') return { min: 0, max: Infinity };
  if (plain === '+') return { min: 1, max: Infinity };
  if (plain === '?') return { min: 0, max: 1 };
  const bounds = /^\{(\d+)(,(\d*))?\}$/.exec(plain);
  if (!bounds) return undefined;
  const min = Number(bounds[1]);
  return { min, max: bounds[2] === undefined ? min : bounds[3] === '' ? Infinity : Number(bounds[3]) };
}

const codePoint = (escape: string): number | undefined => {
  if (/^\\u\{/.test(escape)) return parseInt(escape.slice(3, -1), 16);
  if (/^\\[ux]/.test(escape) && escape.length > 2) return parseInt(escape.slice(2), 16);
  if (/^\\[dDwWsSbBpPck0-9nrtfv]/.test(escape)) return { '\\n': 0x0a, '\\r': 0x0d, '\\t': 0x09, '\\f': 0x0c, '\\v': 0x0b }[escape.slice(0, 2)];
  return escape.codePointAt(1);
};

/** The characters one token stands for, as ranges; undefined when not a single-character atom. */
function charactersOf(token: string): Range[] | undefined {
  if (token === '.') return DOT;
  if (token === '\\d') return DIGITS;
  if (token === '\\w') return WORD;
  if (token.startsWith('[')) return classOf(token);
  if (token.startsWith('\\')) {
    const code = codePoint(token);
    return code === undefined ? undefined : [[code, code]];
  }
  if (token.startsWith('(') || [')', '|', '^', '$', '{', '}'].includes(token) || quantifier(token)) return undefined;
  const code = token.codePointAt(0)!;
  return [[code, code]];
}

/** A bracket class as ranges; negated classes and class escapes other than \d \w are not read. */
function classOf(token: string): Range[] | undefined {
  if (token.startsWith('[^')) return undefined;
  const body = token.slice(1, -1);
  const items = body.match(/\\u\{[0-9a-fA-F]+\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\[\s\S]|[\s\S]/gu) ?? [];
  const ranges: Range[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item === '\\d' || item === '\\w') {
      ranges.push(...(item === '\\d' ? DIGITS : WORD));
      continue;
    }
    const low = item.startsWith('\\') ? codePoint(item) : item.codePointAt(0);
    if (low === undefined) return undefined;
    if (items[i + 1] === '-' && items[i + 2] !== undefined) {
      const highItem = items[i + 2]!;
      const high = highItem.startsWith('\\') ? codePoint(highItem) : highItem.codePointAt(0);
      if (high === undefined) return undefined;
      ranges.push([low, high]);
      i += 2;
    } else {
      ranges.push([low, low]);
    }
  }
  return ranges;
}

/** Whether every range of `inner` lies in the union of `outer`. */
function within(inner: Range[], outer: Range[]): boolean {
  const merged = [...outer].sort((a, b) => a[0] - b[0]).reduce<Array<[number, number]>>((all, [low, high]) => {
    const last = all.at(-1);
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else all.push([low, high]);
    return all;
  }, []);
  return inner.every(([low, high]) => merged.some(([from, to]) => from <= low && high <= to));
}

/** One old token against the new one at the same position: equal, or provably wider. */
function tokenWidens(old: string, now: string): boolean {
  if (old === now) return true;
  const [before, after] = [quantifier(old), quantifier(now)];
  if (before && after) return after.min <= before.min && after.max >= before.max;
  const [oldSet, newSet] = [charactersOf(old), charactersOf(now)];
  return oldSet !== undefined && newSet !== undefined && within(oldSet, newSet);
}

function alternativeWidens(old: string[], now: string[]): boolean {
  let from = old;
  if (from[0] === '^' && now[0] !== '^') from = from.slice(1);
  if (from.at(-1) === '$' && now.at(-1) !== '$') from = from.slice(0, -1);
  return from.length === now.length && from.every((token, i) => tokenWidens(token, now[i]!));
}

/** An assertion-free pattern that matches "" matches at position 0 of every string. */
function matchesEverything(pattern: string, list: string[]): boolean {
  if (list.some((token) => ASSERTIONS.test(token))) return false;
  try {
    return new RegExp(pattern, 'u').test('');
  } catch {
    return false;
  }
}

/** Whether `now` provably accepts every string `old` accepts (false: not proven, maybe looser anyway). */
export function provablyLooser(old: string, now: string): boolean {
  if (old === now) return true;
  const [oldTokens, newTokens] = [tokens(old), tokens(now)];
  if (!oldTokens || !newTokens) return false;
  if (matchesEverything(now, newTokens)) return true;
  if ([...oldTokens, ...newTokens].some((token) => UNPROVABLE.test(token))) return false;
  const newAlternatives = alternatives(newTokens);
  return alternatives(oldTokens).every((part) => newAlternatives.some((other) => alternativeWidens(part, other)));
}
