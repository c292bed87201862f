// Deprecation as oasdiff reads it: `deprecated: true` announces a removal, and `x-sunset` (an
// RFC 3339 date or date-time) the day from which it may happen. A deprecated node without a
// sunset may go at any later change; one with a sunset, on or after that day.
// `x-stability-level` ranks an operation or property: draft < alpha < beta < stable.
import { isObject } from './pointer';

export const SUNSET = 'x-sunset';
export const STABILITY = 'x-stability-level';
export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;

/** Today as YYYY-MM-DD (UTC): sunset dates are compared as days. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** The day of a sunset value, or undefined when it is not an RFC 3339 date or date-time. */
export function sunsetDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const day = /^(\d{4}-\d{2}-\d{2})(?:[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/.exec(value)?.[1];
  return day !== undefined && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) ? day : undefined;
}

export const isDeprecated = (node: unknown): boolean => isObject(node) && node.deprecated === true;

/**
 * Why removing this node now is announced (`deprecated, sunset 2020-01-01 passed`), or
 * undefined when it is not: not deprecated, a sunset still ahead or not a date.
 */
export function removalAnnounced(node: unknown, on = today()): string | undefined {
  if (!isObject(node) || !isDeprecated(node)) return undefined;
  if (node[SUNSET] === undefined) return 'deprecated, without a sunset date';
  const day = sunsetDay(node[SUNSET]);
  return day !== undefined && day <= on ? `deprecated, sunset ${day} passed` : undefined;
}

/** The rank of a stability level; undefined when absent, -1 when not one of the four. */
export function stabilityRank(node: unknown): number | undefined {
  if (!isObject(node) || node[STABILITY] === undefined) return undefined;
  return STABILITY_LEVELS.indexOf(node[STABILITY] as (typeof STABILITY_LEVELS)[number]);
}
