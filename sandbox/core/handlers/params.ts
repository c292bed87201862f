// Checks of query parameter values, with messages that name the parameter and the rule.
import type { OperationId, SchemaName } from '../../../generated';
import { parameterValidatorFor, schemaValidator } from '../../../protocol/validation';
import { errors, quote } from '../errors';

// The same pattern as ajv-formats' `uuid` format, which the contract's validators use.
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Values with the empty ones dropped: django-filter ignores an empty filter value. */
export function nonEmpty(values: string[] | undefined): string[] {
  return (values ?? []).filter((v) => v !== '');
}

export function checkUuids(parameter: string, values: string[]): void {
  const bad = values.find((v) => !isUuid(v));
  if (bad !== undefined) throw errors.invalid(`${parameter}: must match format "uuid" (got ${quote(bad)})`);
}

/** Checks each value against an enum schema of the contract (e.g. MunicipalRole). */
export function checkEnum(parameter: string, schema: SchemaName, values: string[]): void {
  const validate = schemaValidator(schema);
  for (const value of values) {
    const result = validate(value);
    if (!result.valid) {
      const rule = (result.errors[0] ?? '').replace(/^\S+\s/, '');
      throw errors.invalid(`${parameter}: ${rule} (got ${quote(value)})`);
    }
  }
}

/** Checks a repeated query parameter's values against the contract's validator of it (country_code: ISO 3166-1 alpha-2). */
export function checkParameter(operationId: OperationId, parameter: string, values: string[]): void {
  const result = parameterValidatorFor(operationId, 'query', parameter)?.(values);
  if (!result || result.valid) return;
  const [pointer = '', ...rule] = (result.errors[0] ?? '').split(' ');
  throw errors.invalid(`${parameter}: ${rule.join(' ')} (got ${quote(values[Number(pointer.slice(1))] ?? '')})`);
}
