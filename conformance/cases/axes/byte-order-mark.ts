// A JSON body that starts with a UTF-8 byte-order mark, as Windows tools and .NET's default
// encoder write it. RFC 8259 §8.1: senders must not add one, but parsers "MAY ignore the presence
// of a byte order mark rather than treating it as an error": a 4xx or a correct answer, never a
// 5xx (a parser that chokes on U+FEFF and lets the error escape). The proof would read the mark as
// malformed JSON and require a refusal, which the RFC does not: the case is open by the RFC.
import type { Axis } from './index';
import { takesBody } from './takes-body';

export const byteOrderMark: Axis = {
  name: 'a byte-order mark before JSON',
  mock: true,
  spelling: true,
  cases(op, base) {
    if (!takesBody(op, base, 'application/json')) return [];
    const text = `\ufeff${JSON.stringify(base.body.value)}`;
    return [{ ...base, body: { kind: 'raw', contentType: 'application/json', text }, expect: 'any', purpose: `${op}: the valid body after a UTF-8 byte-order mark` }];
  },
};
