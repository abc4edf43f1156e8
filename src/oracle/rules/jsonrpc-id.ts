import { hasMember } from '../../envelope/json-value.js';
import type { RuleInput } from '../rule-input.js';
import type { Violation } from '../violation.js';
import { violation, describeTyped, describeValue } from '../violation-message.js';

const PATH = ['id'] as const;

/**
 * `jsonrpc.id` on a response: present; a string or number, or null only where the profile allows
 * it (JSON-RPC 2.0 §5: when the request id could not be determined, so only on an error response;
 * MCP types ids as `string | number`); equal in value AND JSON type to the request id (1 is not
 * "1"); never the id of another request in flight.
 */
export function jsonrpcId({ envelope, context, taxonomy }: RuleInput, out: Violation[]): void {
  const expected =
    context.requestId === undefined
      ? 'an id'
      : `the request id ${describeTyped(context.requestId)}`;
  if (!hasMember(envelope, 'id')) {
    out.push(violation('jsonrpc.id', PATH, expected, 'none'));
    return;
  }
  const id = envelope['id'];
  if (id === null) {
    judgeNull(envelope, context.requestId, taxonomy.profile, out);
    return;
  }
  if (typeof id !== 'string' && typeof id !== 'number') {
    out.push(violation('jsonrpc.id', PATH, 'a string or number id', describeValue(id)));
    return;
  }
  if (context.requestId !== undefined && !sameId(id, context.requestId)) {
    const other = context.inFlightIds?.some((inFlight) => sameId(id, inFlight)) === true;
    const received = `${describeTyped(id)}${other ? ', the id of another request in flight' : ''}`;
    out.push(violation('jsonrpc.id', PATH, expected, received));
    return;
  }
  if (
    context.requestId === undefined &&
    context.inFlightIds?.some((inFlight) => sameId(id, inFlight)) === true
  ) {
    out.push(
      violation(
        'jsonrpc.id',
        PATH,
        'an id no other in-flight request uses',
        `${describeTyped(id)}, the id of another request in flight`,
      ),
    );
  }
}

function judgeNull(
  envelope: Readonly<Record<string, unknown>>,
  requestId: unknown,
  profile: RuleInput['taxonomy']['profile'],
  out: Violation[],
): void {
  if (!profile.allowsNullId) {
    out.push(
      violation(
        'jsonrpc.id',
        PATH,
        `a string or number id (${profile.name} forbids null ids)`,
        'null',
      ),
    );
  } else if (!hasMember(envelope, 'error') || hasMember(envelope, 'result')) {
    out.push(
      violation(
        'jsonrpc.id',
        PATH,
        'a non-null id (JSON-RPC 2.0 §5 allows null only on an error response)',
        'null',
      ),
    );
  } else if (requestId !== undefined && requestId !== null) {
    out.push(
      violation(
        'jsonrpc.id',
        PATH,
        `the request id ${describeTyped(requestId)} (it was readable, so null is wrong)`,
        'null',
      ),
    );
  }
}

/** Same JSON-RPC id: same JSON type and same value (JSON-RPC 2.0 §5: "the same as the value of the id member in the Request"). */
export function sameId(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && a === b;
}
