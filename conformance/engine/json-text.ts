// An answer's body as JSON text (RFC 8259): what a client reads from it, and what is wrong with
// it as sent. A byte-order mark is read past, as §8.1 lets a parser do, so the other rules judge
// the value; sending one is still the deployment's fault (§8.1: implementations MUST NOT add it).

export const BOM = '\ufeff';

/** The value a lenient client reads: a leading byte-order mark ignored; undefined when empty or not JSON. */
export function readJson(text: string): unknown {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Why a body is not one JSON text as sent (in words), or undefined when it is. */
export function jsonTextProblem(text: string): string | undefined {
  if (text.length === 0) return 'the body is empty';
  if (text.startsWith(BOM)) return 'it begins with a byte-order mark (U+FEFF), which RFC 8259 §8.1 forbids in JSON sent over a network (Python\'s json.loads and Go\'s encoding/json refuse it)';
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `it does not parse as JSON: ${(error as Error).message.slice(0, 200)}`;
  }
}
