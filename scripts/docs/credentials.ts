// The "Credentials" section of the page: every security scheme with where it is sent and its
// description (which shows the form), so the five forms read as one list, not five dropdown entries.
import { isObject, type JsonObject } from './contract';
import { cell } from './markdown';

const sentIn = (scheme: JsonObject) =>
  scheme.type === 'http' ? 'header `Authorization`' : `${String(scheme.in)} \`${String(scheme.name)}\``;

/** True when the document's `security` lists every scheme alone, i.e. any one of them suffices. */
function anyOneSuffices(document: JsonObject): boolean {
  const security = document.security;
  return Array.isArray(security) && security.every((requirement) => isObject(requirement) && Object.keys(requirement).length === 1);
}

export function credentialsSection(document: JsonObject): string {
  const schemes = isObject(document.components) && isObject(document.components.securitySchemes) ? document.components.securitySchemes : {};
  const entries = Object.entries(schemes).filter((entry): entry is [string, JsonObject] => isObject(entry[1]));
  return [
    '## Credentials',
    '',
    anyOneSuffices(document)
      ? `Every operation accepts any one of these ${entries.length} forms. In *Test Request*, choose the form under Authentication.`
      : 'Each operation lists the forms it accepts under Authentication.',
    '',
    ...entries.map(([name, scheme]) => `- **\`${name}\`**, ${sentIn(scheme)}: ${cell(String(scheme.description ?? ''))}`),
  ].join('\n');
}
