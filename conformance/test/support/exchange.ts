// Hand-made exchanges for the rules' unit tests.
import type { OperationId } from '../../../generated';
import type { Exchange, RequestSpec } from '../../engine/request';

export function exchange(
  operationId: OperationId,
  status: number,
  json: unknown,
  options: { mediaType?: string; text?: string; spec?: Partial<RequestSpec>; headers?: Record<string, string> } = {},
): Exchange {
  const text = options.text ?? (json === undefined ? '' : JSON.stringify(json));
  return {
    spec: { operationId, purpose: 'test request', ...options.spec },
    method: 'GET',
    url: 'http://127.0.0.1:1/api/v1/x/',
    status,
    headers: options.headers ?? {},
    mediaType: options.mediaType ?? (text ? 'application/json' : ''),
    text,
    // As the transport sees it: parsed from the text (undefined fields gone).
    json: json === undefined ? undefined : JSON.parse(JSON.stringify(json)),
    curl: "curl -sS -i -X GET 'http://127.0.0.1:1/api/v1/x/'",
    retries: 0,
  };
}
