// What `npm run sandbox` prints once it listens, in the layout the mock's banner has too
// (protocol/banner.ts): the ready line tools parse, the credentials with their values (the kit's
// demo values; one set from the environment is not shown), the faults, and a first request to try.
import { serverBanner } from '../protocol/banner';
import type { Credentials } from './core';
import { CREDENTIAL_ENV, CREDENTIAL_USE, type CliOptions } from './options';

export const READY_PREFIX = 'Sandbox listening on ';

/** A credential's value: the demo value is printed, one set from the environment is a secret and is not. */
function shown(options: CliOptions, key: keyof Credentials): string {
  return options.customCredentials.includes(key) ? `$${CREDENTIAL_ENV[key]} (from environment, not shown)` : options.credentials[key];
}

export function banner(options: CliOptions, url: string): string[] {
  const names = Object.keys(CREDENTIAL_ENV) as (keyof Credentials)[];
  const width = Math.max(...names.map((k) => shown(options, k).length));
  const token = options.customCredentials.includes('token') ? `$${CREDENTIAL_ENV.token}` : options.credentials.token;
  return serverBanner({
    ready: `${READY_PREFIX}${url}`,
    facts: [
      ['Base URL', `${url}  (every path starts with /api/v1/)`],
      ['Strict contract checks', options.strict ? 'on' : 'off (--strict to enable)'],
      ['Seed data', options.dataFile ? `${options.dataFile} (the lists it gives; the others built in)` : 'built in (--data file.json for your own)'],
      ...Object.entries(options.limits).map(([key, value]): [string, string] => [`Limit ${key}`, String(value)]),
    ],
    sections: [
      {
        title: `Credentials (${options.customCredentials.length ? 'some set from the environment' : "the kit's demo credentials, as the mock's"}):`,
        lines: names.map((k) => `${shown(options, k).padEnd(width)}  ${CREDENTIAL_USE[k]}`),
      },
      {
        title: 'Faults:',
        lines: [
          ...(options.latency ? [`Latency: every request waits ${options.latency} ms`] : []),
          ...Object.entries(options.faults).map(([id, fault]) => `Fault: ${id}${fault.delay ? ` waits ${fault.delay} ms` : ''}${fault.status ? ` answers ${fault.status}` : ''}`),
          'Per request: Prefer: code=503 | delay=300 | code=429, retry-after=30',
        ],
      },
      { title: 'Try:', lines: [`curl -H "Authorization: Bearer ${token}" '${url}/api/v1/municipalities/?country_code=AT'`] },
    ],
  });
}
