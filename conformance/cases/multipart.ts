// A multipart/form-data body written out by hand (RFC 7578), for what FormData never writes: a
// quoted boundary, a text field sent as a file part.
export const BOUNDARY = 'conformance.boundary+1';

export interface Part {
  name: string;
  value: string;
  /** Sent as a file: `filename=` and the part's own Content-Type. */
  filename?: string;
}

/** The fields of a body as form pairs (arrays as repeated fields). */
export const formPairs = (fields: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, String(v)] as [string, string]) : [[name, String(value)] as [string, string]]));

export function multipartText(parts: Part[]): string {
  const written = parts.map(({ name, value, filename }) =>
    filename === undefined
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${value}\r\n`,
  );
  return `${written.join('')}--${BOUNDARY}--\r\n`;
}
