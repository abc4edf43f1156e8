import { isJsonObject } from '../envelope/json-value.js';
import { bodyMessages, type HttpResponseRecord } from '../http/http-exchange.js';

/**
 * A response in a few words for violation messages: its status and what its body says at the
 * JSON-RPC layer (`200 with a tool error (isError: true)`). Never quotes a value.
 */
export function describeHttpResponse(response: HttpResponseRecord): string {
  return `${response.status} with ${describeBody(response)}`;
}

function describeBody(response: HttpResponseRecord): string {
  const { body } = response;
  if (body.kind === 'empty') return 'no body';
  if (body.kind === 'stream') return 'an open event stream';
  if (body.kind === 'text') return 'a text body';
  const message = bodyMessages(body).find(
    (item) =>
      isJsonObject(item) && item['jsonrpc'] === '2.0' && ('result' in item || 'error' in item),
  );
  if (!isJsonObject(message)) return `a ${body.kind === 'sse' ? 'event stream' : 'JSON'} body`;
  const error = message['error'];
  if (isJsonObject(error)) {
    const code = typeof error['code'] === 'number' ? ` ${error['code']}` : '';
    return `a JSON-RPC error${code}`;
  }
  const result = message['result'];
  if (isJsonObject(result) && result['isError'] === true) return 'a tool error (isError: true)';
  return 'a success result';
}
