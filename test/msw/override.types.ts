// Type-level test, checked by `npm run typecheck` (tsc): override()'s success answers are typed
// from the contract, per operation and status. Each @ts-expect-error fails the build if the line
// below it stops being an error.
import { override } from '../../sandbox/msw';

export function typeChecks(): void {
  override('municipalitiesList', { status: 200, body: { count: 0, next: null, previous: null, results: [] } });
  override('watchdogsCreate', { status: 201, body: { uuid: 'u', name: 'n', prompt: 'p', monitored_company_count: 0, monitored_companies: [], last_signal: {}, created_at: 't', updated_at: 't' } });
  override('municipalitiesList', { status: 503 });

  // @ts-expect-error results must be municipalities
  override('municipalitiesList', { status: 200, body: { count: 0, next: null, previous: null, results: [{ name: 1 }] } });
  // @ts-expect-error a company search page is not a municipality page
  override('municipalitiesList', { status: 200, body: { count: 0, next: null, previous: null, results: [{ uuid: 'u', name: 'n', country: 'AT', registration_number: 'r', status: 'Active' }] } });
  // @ts-expect-error watchdogsCreate answers 201, not 200, with a watchdog
  override('watchdogsCreate', { status: 201, body: { count: 0, next: null, previous: null, results: [] } });
}
