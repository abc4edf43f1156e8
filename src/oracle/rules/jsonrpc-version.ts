import { hasMember } from '../../envelope/json-value.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeValue } from '../violation-message.js';

/** `jsonrpc.version`: every message carries `jsonrpc: "2.0"` exactly (JSON-RPC 2.0 §4, §5). */
export function jsonrpcVersion({ envelope }: RuleInput, out: Violation[]): void {
  const version = envelope['jsonrpc'];
  if (version === '2.0') return;
  const received = hasMember(envelope, 'jsonrpc') ? describeValue(version) : 'none';
  out.push(violation('jsonrpc.version', ['jsonrpc'], '"2.0"', received));
}
