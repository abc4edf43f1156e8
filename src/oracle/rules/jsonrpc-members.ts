import { hasMember } from '../../envelope/json-value.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';

/** `jsonrpc.members`: a response carries exactly one of `result` / `error` (JSON-RPC 2.0 §5). */
export function jsonrpcMembers({ envelope }: RuleInput, out: Violation[]): void {
  const result = hasMember(envelope, 'result');
  const error = hasMember(envelope, 'error');
  if (result !== error) return;
  const received = result ? 'both result and error' : 'neither result nor error';
  out.push(violation('jsonrpc.members', [], 'exactly one of result or error', received));
}
