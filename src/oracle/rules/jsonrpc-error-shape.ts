import { hasMember, isJsonObject } from '../../envelope/json-value.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

/** `jsonrpc.error-shape`: `error` is an object with an integer `code`, a string `message`, optional `data` (JSON-RPC 2.0 §5.1). */
export function jsonrpcErrorShape({ envelope }: RuleInput, out: Violation[]): void {
  if (!hasMember(envelope, 'error')) return;
  const error = envelope['error'];
  if (!isJsonObject(error)) {
    out.push(
      violation(
        'jsonrpc.error-shape',
        ['error'],
        'an error object {code, message, data?}',
        describeValue(error),
      ),
    );
    return;
  }
  const { code, message } = error;
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    out.push(
      violation(
        'jsonrpc.error-shape',
        ['error', 'code'],
        'an integer',
        hasMember(error, 'code') ? describeValue(code) : 'none',
      ),
    );
  }
  if (typeof message !== 'string') {
    out.push(
      violation(
        'jsonrpc.error-shape',
        ['error', 'message'],
        'a string',
        hasMember(error, 'message') ? describeValue(message) : 'none',
      ),
    );
  }
}
