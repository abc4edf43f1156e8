import * as fc from 'fast-check';
import type { JsonObject, JsonRpcId, JsonValue } from '../../envelope/json-value.js';
import type { Taxonomy } from '../../taxonomy/taxonomy.js';
import { jsonRpcId } from '../json-rpc-id.js';
import type { ObservedEnvelope } from '../observed-envelope.js';
import {
  ABSENT,
  type Defect,
  errorObject,
  finalResult,
  kindOf,
  nullIdBreaks,
  set,
} from './defect.js';
import { safeText } from './safe-text.js';

/** JSON-RPC 2.0 §4: `jsonrpc` MUST be exactly "2.0". */
export const versionDefect: Defect = {
  name: 'version',
  applies: () => true,
  breaks: () => ['jsonrpc.version'],
  envelope: ({ envelope }) =>
    fc
      .constantFrom<(JsonValue | typeof ABSENT)[]>('1.0', 2, '2', '2.0.0', null, ABSENT)
      .map((value) => set(envelope, 'jsonrpc', value)),
};

/** 1 and "1" are different ids (JSON-RPC 2.0 §5: the same value as the request's id). */
function sameId(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && a === b;
}

/** Ids that are not the request's: fresh, in flight, type-flipped, null, non-ids, absent. */
function wrongIds(observed: ObservedEnvelope): fc.Arbitrary<JsonValue | typeof ABSENT> {
  const { requestId, inFlightIds = [] } = observed.context;
  const id = observed.envelope['id'];
  const wrong: fc.Arbitrary<JsonValue | typeof ABSENT>[] = [
    jsonRpcId().filter((fresh) => !sameId(fresh, requestId) && !sameId(fresh, id)),
    fc.constantFrom<(JsonValue | typeof ABSENT)[]>(ABSENT, true, [], {}),
  ];
  if (inFlightIds.length > 0) wrong.push(fc.constantFrom(...(inFlightIds as JsonRpcId[])));
  if (typeof id === 'number') wrong.push(fc.constant(String(id)));
  if (typeof id === 'string' && /^-?[1-9]\d{0,8}$/.test(id)) wrong.push(fc.constant(Number(id)));
  if (requestId !== null && id !== null) wrong.push(fc.constant(null));
  return fc.oneof(...wrong);
}

/** `jsonrpc.id`: the response answers another request, or none. */
export const idDefect: Defect = {
  name: 'id',
  applies: () => true,
  breaks: () => ['jsonrpc.id'],
  envelope: (observed) => wrongIds(observed).map((id) => set(observed.envelope, 'id', id)),
};

/** JSON-RPC 2.0 §5: neither `result` nor `error`. */
export const dropMembersDefect: Defect = {
  name: 'drop-members',
  applies: () => true,
  breaks: (observed) => ['jsonrpc.members', ...nullIdBreaks(observed)],
  envelope: ({ envelope }) => fc.constant(set(set(envelope, 'result', ABSENT), 'error', ABSENT)),
};

/**
 * JSON-RPC 2.0 §5: both `result` and `error`. A result beside an error is still a protocol error
 * (the error member decides the layer); an error beside a result moves it to the protocol layer.
 */
export const bothMembersDefect: Defect = {
  name: 'both-members',
  applies: () => true,
  breaks: (observed) =>
    kindOf(observed) === 'protocol'
      ? ['jsonrpc.members', ...nullIdBreaks(observed)]
      : ['jsonrpc.members', 'mcp.layer'],
  envelope: (observed, taxonomy) => {
    const { envelope, context } = observed;
    if (kindOf(observed) !== 'protocol') {
      return safeText().map((message) => set(envelope, 'error', { code: -32603, message }));
    }
    const base: JsonObject = context.method === 'tools/call' ? { content: [] } : {};
    return fc.constant(set(envelope, 'result', finalResult(base, taxonomy)));
  },
};

/** JSON-RPC 2.0 §5.1: `code` an integer, `message` a string. */
export const errorShapeDefect: Defect = {
  name: 'error-shape',
  applies: (observed) => kindOf(observed) === 'protocol',
  breaks: () => ['jsonrpc.error-shape'],
  envelope: ({ envelope }) => {
    const error = errorObject(envelope);
    const code = error['code'] as number;
    const badCode = fc.constantFrom<(JsonValue | typeof ABSENT)[]>(
      String(code),
      code + 0.5,
      null,
      ABSENT,
    );
    const badMessage = fc.constantFrom<(JsonValue | typeof ABSENT)[]>(ABSENT, 42, null, false);
    const badError = fc.constantFrom<JsonValue[]>('Internal error', null, [], code);
    return fc.oneof(
      badCode.map((value) => set(envelope, 'error', set(error, 'code', value))),
      badMessage.map((value) => set(envelope, 'error', set(error, 'message', value))),
      badError.map((value) => set(envelope, 'error', value)),
    );
  },
};

/** Codes other than the expected one: documented, legacy or retired, reserved, private, positive. */
function wrongCodes(expected: number, taxonomy: Taxonomy): fc.Arbitrary<number> {
  const documented = [...taxonomy.codes.keys()].filter((code) => code !== expected);
  const others = [
    fc.integer({ min: -32768, max: -32000 }),
    fc.integer({ min: -99999, max: 99999 }),
  ];
  const any = documented.length > 0 ? [fc.constantFrom(...documented), ...others] : others;
  return fc.oneof(...any).filter((code) => code !== expected);
}

/** `jsonrpc.error-code`: a code other than the one the taxonomy expects for the failure class. */
export const errorCodeDefect: Defect = {
  name: 'error-code',
  applies: (observed) => kindOf(observed) === 'protocol',
  breaks: () => ['jsonrpc.error-code'],
  envelope: ({ envelope }, taxonomy) => {
    const error = errorObject(envelope);
    return wrongCodes(error['code'] as number, taxonomy).map((code) =>
      set(envelope, 'error', set(error, 'code', code)),
    );
  },
};
