// One handler per operation of the contract. A retrieve by identifier of a resource some list
// serves (`x-resource` with `listedBy`) needs none: it is served from that list's items
// (retrieve.ts). An operation of the document with neither answers 501 with the published error
// body naming it (app.ts); handlers.test.ts fails while any operation lacks one.
import type { OperationId } from '../../../generated';
import { companiesSearch } from './companies-search';
import type { Handler } from './context';
import { municipalitiesList } from './municipalities-list';
import { retrieveHandler } from './retrieve';
import {
  watchdogsActivate,
  watchdogsCreate,
  watchdogsDeactivate,
  watchdogsEventsPartialUpdate,
  watchdogsSubscribe,
  watchdogsUnsubscribe,
} from './watchdogs';

/** The handlers written for an operation (a Partial record: a new operation of the document may have none yet). */
export const HANDLERS: Partial<Record<OperationId, Handler>> = {
  companiesSearch,
  municipalitiesList,
  watchdogsCreate,
  watchdogsEventsPartialUpdate,
  watchdogsActivate,
  watchdogsDeactivate,
  watchdogsSubscribe,
  watchdogsUnsubscribe,
};

/** The handler of an operation: its own, else the generic retrieve of a listed resource; undefined: not implemented. */
export function handlerFor(operationId: OperationId, handlers: Partial<Record<OperationId, Handler>> = HANDLERS): Handler | undefined {
  return handlers[operationId] ?? retrieveHandler(operationId);
}
