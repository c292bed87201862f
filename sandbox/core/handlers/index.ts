// One handler per published operation; the table is checked against the contract's
// operation list by the type (every OperationId must have a handler).
import type { OperationId } from '../../../generated';
import { companiesSearch } from './companies-search';
import type { Handler } from './context';
import { municipalitiesList } from './municipalities-list';
import {
  watchdogsActivate,
  watchdogsCreate,
  watchdogsDeactivate,
  watchdogsEventsPartialUpdate,
  watchdogsSubscribe,
  watchdogsUnsubscribe,
} from './watchdogs';

export const HANDLERS: Record<OperationId, Handler> = {
  companiesSearch,
  municipalitiesList,
  watchdogsCreate,
  watchdogsEventsPartialUpdate,
  watchdogsActivate,
  watchdogsDeactivate,
  watchdogsSubscribe,
  watchdogsUnsubscribe,
};
