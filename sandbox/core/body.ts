// Request bodies decoded by media type into a plain object (protocol/body.ts reads them up to
// the limit). JSON, form-urlencoded and multipart (parsed by the runtime's FormData through
// `Response`) are the three media types the contract names; an operation accepts only the
// ones it declares. Runs in a browser too: bytes are Uint8Array, never Buffer.
import { errors } from './errors';

export interface MediaType {
  /** Lower-cased `type/subtype`. */
  essence: string;
  /** The header as sent, for multipart (it carries the boundary). */
  header: string;
}

export function parseMediaType(header: string | null | undefined): MediaType | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const [essence = '', ...params] = header.split(';');
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset' && !/^"?utf-8"?$/i.test(value.trim())) {
      throw errors.unsupportedMediaType(`Unsupported charset ${JSON.stringify(value.trim().slice(0, 40))}; send UTF-8`);
    }
  }
  return { essence: essence.trim().toLowerCase(), header };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw errors.parse('Request body is not valid UTF-8');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw errors.parse(`Malformed JSON body: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function formValue(part: string, field: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw errors.parse(`Form body: malformed percent-encoding or invalid UTF-8 in ${field}`);
  }
}

/** Collects form fields; a null prototype keeps a field named `__proto__` an ordinary field. */
function newFields(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** A form as an object; a repeated field keeps its last value, as Django's QueryDict.get does. */
function parseForm(text: string): Record<string, string> {
  const fields = newFields();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = formValue(eq === -1 ? pair : pair.slice(0, eq), 'a field name');
    fields[name] = eq === -1 ? '' : formValue(pair.slice(eq + 1), `field ${JSON.stringify(name.slice(0, 60))}`);
  }
  return { ...fields };
}

async function parseMultipart(bytes: Uint8Array, header: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    // Every runtime accepts a Uint8Array; TypeScript's DOM types only lack the ArrayBufferLike overload.
    form = await new Response(bytes as unknown as BodyInit, { headers: { 'content-type': header } }).formData();
  } catch {
    throw errors.parse('Malformed multipart/form-data body (check the boundary parameter and the part framing)');
  }
  const fields = newFields();
  form.forEach((value, name) => {
    if (typeof value !== 'string') throw errors.invalid(`${name}: must be a text field, not a file`);
    fields[name] = value;
  });
  return { ...fields };
}

type Decoder = (bytes: Uint8Array, media: MediaType) => unknown | Promise<unknown>;

const DECODERS: Record<string, Decoder> = {
  'application/json': (bytes) => parseJson(decodeUtf8(bytes)),
  'application/x-www-form-urlencoded': (bytes) => parseForm(decodeUtf8(bytes)),
  'multipart/form-data': (bytes, media) => {
    decodeUtf8(bytes); // text fields only: the whole body must be UTF-8
    return parseMultipart(bytes, media.header);
  },
};

export interface DecodedBody {
  value: unknown;
  /** The media type whose request validator applies. */
  mediaType: string;
}

/**
 * Decodes a body for an operation that accepts `accepted` media types. An empty body is an
 * empty object (as Django REST framework treats it), whatever the Content-Type.
 */
export async function decodeBody(bytes: Uint8Array, contentType: string | null | undefined, accepted: string[]): Promise<DecodedBody> {
  const media = parseMediaType(contentType);
  if (bytes.length === 0) {
    const mediaType = media && accepted.includes(media.essence) ? media.essence : accepted[0]!;
    return { value: {}, mediaType };
  }
  if (!media) {
    throw errors.unsupportedMediaType(`Missing Content-Type header; send one of: ${accepted.join(', ')}`);
  }
  const decoder = DECODERS[media.essence];
  if (!decoder || !accepted.includes(media.essence)) {
    throw errors.unsupportedMediaType(
      `Unsupported media type ${JSON.stringify(media.essence.slice(0, 80))}; this operation accepts ${accepted.join(', ')}`,
    );
  }
  return { value: await decoder(bytes, media), mediaType: media.essence };
}
