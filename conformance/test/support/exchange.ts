// Hand-made exchanges for the check functions' unit tests.
import type { OperationId } from '../../../generated';
import type { Exchange, RequestSpec } from '../../engine/request';

export function exchange(
  operationId: OperationId,
  status: number,
  json: unknown,
  options: { mediaType?: string; expectSuccess?: boolean; text?: string; spec?: Partial<RequestSpec> } = {},
): Exchange {
  const text = options.text ?? (json === undefined ? '' : JSON.stringify(json));
  return {
    spec: { operationId, purpose: 'test request', expectSuccess: options.expectSuccess, ...options.spec },
    method: 'get',
    url: 'http://127.0.0.1:1/api/v1/x/',
    status,
    headers: {},
    mediaType: options.mediaType ?? (text ? 'application/json' : ''),
    text,
    json,
    curl: "curl -sS -i -X GET 'http://127.0.0.1:1/api/v1/x/'",
    retries: 0,
  };
}
