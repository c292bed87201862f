// Type-level test, checked by `npm run typecheck` (tsc): the client accepts calls the contract
// allows and rejects the ones it does not. Each @ts-expect-error fails the build if the line
// below it stops being an error.
import { createApiClient } from '../../client';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010', auth: { bearer: 'x' } });

export async function typeChecks(): Promise<void> {
  const { data } = await client.GET('/api/v1/municipalities/', {
    params: { query: { country_code: ['AT', 'CH'], official_role: 'mayor', page: 2 } },
  });
  const population: number | null | undefined = data?.results[0]?.population;
  void population;

  await client.POST('/api/v1/watchdogs/', { body: { name: 'Bauzulieferer', prompt: 'Melde Insolvenzen.' } });
  await client.POST('/api/v1/companies/search/', { body: { status: 'In Liquidation' } });

  // The pager's pages and items are the contract's types.
  for await (const page of client.pages('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } })) {
    const name: string = page.results[0]!.name;
    const next: string | null | undefined = page.next;
    void [name, next];
  }
  for await (const page of client.pages('/api/v1/companies/search/', { body: { country: 'DE' } })) {
    const registration: string | undefined = page.results[0]?.registration_number;
    void registration;
  }
  // @ts-expect-error only list paths can be paged
  client.pages('/api/v1/watchdogs/');
  // @ts-expect-error a search is paged with its body
  client.pages('/api/v1/companies/search/');
  // @ts-expect-error the pager's query is typed: country_code is an array
  client.pages('/api/v1/municipalities/', { params: { query: { country_code: 'AT' } } });

  // @ts-expect-error misspelled path
  await client.GET('/api/v1/municipality/');
  // @ts-expect-error wrong query type: country_code is an array of strings
  await client.GET('/api/v1/municipalities/', { params: { query: { country_code: 'AT' } } });
  // @ts-expect-error unknown enum value of official_role
  await client.GET('/api/v1/municipalities/', { params: { query: { official_role: 'king' } } });
  // @ts-expect-error missing required body field: prompt
  await client.POST('/api/v1/watchdogs/', { body: { name: 'Bauzulieferer' } });
  // @ts-expect-error wrong field type: is_active is a boolean
  await client.POST('/api/v1/watchdogs/', { body: { name: 'n', prompt: 'p', is_active: 'yes' } });
  // @ts-expect-error unknown company status in search
  await client.POST('/api/v1/companies/search/', { body: { status: 'Aktiv' } });
  // @ts-expect-error a credential must be one of the five published forms
  createApiClient({ baseUrl: 'http://127.0.0.1:4010', auth: { apiKey: 'x' } });
}
