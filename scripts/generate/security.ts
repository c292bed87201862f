// The published credential forms, read from the security schemes: where each is sent and the
// exact value format (`x-credential-format`, e.g. `Token <API_KEY>`), so the mock, the sandbox,
// the client and the suite share one definition instead of five hand-typed lists.
import type { OpenApiDocument } from './bundle';

export interface CredentialFormEntry {
  /** Security scheme name, e.g. `bearerAuth`. */
  scheme: string;
  /** The form's name in the published table (`x-credential-label`). */
  label: string;
  in: 'header' | 'query' | 'cookie';
  /** Header, query parameter or cookie name. */
  name: string;
  /** The published value format, e.g. `Bearer <API_KEY>`. */
  format: string;
  /** What precedes the secret in the value (`Bearer `, or '' for a bare session id). */
  prefix: string;
  /** Which secret the form carries. */
  secret: 'API_KEY' | 'SESSION_ID';
  /** Operations the published document shows the form on (`x-shown-on`); `all` for every one. */
  shownOn: 'all' | string[];
}

const FORMAT = /^(?:(\S+) )?<(API_KEY|SESSION_ID)>$/;

export function readCredentialForms(doc: OpenApiDocument, operationIds: string[]): CredentialFormEntry[] {
  const schemes = (doc.components.securitySchemes ?? {}) as Record<string, Record<string, unknown>>;
  const required = ((doc.security ?? []) as Array<Record<string, unknown>>).flatMap((requirement) => Object.keys(requirement));
  return required.map((scheme) => {
    const definition = schemes[scheme];
    if (!definition) throw new Error(`security requirement names an undefined scheme ${scheme}`);
    const format = definition['x-credential-format'];
    const label = definition['x-credential-label'];
    const match = typeof format === 'string' ? FORMAT.exec(format) : null;
    if (!match) throw new Error(`security scheme ${scheme} needs x-credential-format like "Token <API_KEY>" or "<SESSION_ID>", got ${JSON.stringify(format)}`);
    if (typeof label !== 'string') throw new Error(`security scheme ${scheme} needs x-credential-label (its name in the published table)`);
    const shownOn = definition['x-shown-on'];
    if (shownOn !== 'all' && !(Array.isArray(shownOn) && shownOn.every((id) => operationIds.includes(id)))) {
      throw new Error(`security scheme ${scheme} needs x-shown-on: all, or a list of operationIds (got ${JSON.stringify(shownOn)})`);
    }
    const http = definition.type === 'http';
    return {
      scheme,
      label,
      in: http ? 'header' : (definition.in as CredentialFormEntry['in']),
      name: http ? 'Authorization' : String(definition.name),
      format: String(format),
      prefix: match[1] ? `${match[1]} ` : '',
      secret: match[2] as CredentialFormEntry['secret'],
      shownOn: shownOn as CredentialFormEntry['shownOn'],
    };
  });
}
