// The public barrel of envelope-mutants: what a test suite imports. It is loaded inside test
// workers, so nothing here may pull in vitest/node or the runner: that is `envelope-mutants/node`.

// Envelope model and parser
export type {
  CallToolResult,
  ContentBlock,
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccessResponse,
  Layer,
  ResultType,
} from './envelope/envelope.js';
export type { JsonObject, JsonPath, JsonRpcId, JsonValue } from './envelope/json-value.js';
export { isJsonObject } from './envelope/json-value.js';
export { layerOf, messageKind } from './envelope/message-kind.js';
export type { MessageKind } from './envelope/message-kind.js';
export { parseEnvelope } from './envelope/parse-envelope.js';
export type {
  ParsedEnvelope,
  ParsedMessage,
  UnparsableMessage,
} from './envelope/parse-envelope.js';

// Taxonomy
export { CLIENT_ACTIONS, isClientAction } from './taxonomy/client-action.js';
export type {
  AttemptRecord,
  ClientAction,
  Decision,
  FailureContext,
} from './taxonomy/client-action.js';
export { PROFILE_NAMES } from './taxonomy/taxonomy.js';
export type {
  CodeDoc,
  FailureClassRule,
  Profile,
  ProfileName,
  ReservedBand,
  RetryRule,
  Taxonomy,
} from './taxonomy/taxonomy.js';
export { resolveTaxonomy } from './taxonomy/resolve-taxonomy.js';
export type { ResolveTaxonomyOptions } from './taxonomy/resolve-taxonomy.js';
export { expectedAction } from './taxonomy/expected-action.js';

// Oracle
export { check } from './oracle/check.js';
export { checkDecision } from './oracle/check-decision.js';
export type { CheckContext, ExpectedOutcome } from './oracle/check-context.js';
export { RULE_NAMES, isRuleName } from './oracle/rule-name.js';
export type { RuleName } from './oracle/rule-name.js';
export type { Violation } from './oracle/violation.js';
export { CANARY_PATTERN, findLeak, formatCanary, redactLeaks } from './oracle/leak-patterns.js';
export { checkHttp } from './oracle/check-http.js';
export { checkLog } from './oracle/check-log.js';
export type { LogCheckContext } from './oracle/check-log.js';
export { HTTP_FAILURES } from './oracle/http-check-context.js';
export type { HttpCheckContext, HttpFailure } from './oracle/http-check-context.js';

// The HTTP layer: Streamable HTTP exchanges and their challenges
export { isHttpExchange } from './http/http-exchange.js';
export type {
  HttpBody,
  HttpExchange,
  HttpRequestRecord,
  HttpResponseRecord,
  SseEvent,
} from './http/http-exchange.js';
export { bearerChallenge, parseChallenges } from './http/www-authenticate.js';
export type { AuthChallenge } from './http/www-authenticate.js';
export { httpProfileOf } from './taxonomy/http-profile.js';
export type { HttpProfile } from './taxonomy/http-profile.js';

// Named assertions (also as vitest matchers: `envelope-mutants/vitest`)
export { expectEnvelope } from './assertions/expect-envelope.js';
export type { EnvelopeExpectation } from './assertions/expect-envelope.js';
export { expectAction } from './assertions/expect-action.js';
export { expectLog } from './assertions/expect-log.js';
export type { LogExpectation, LogExpectationContext } from './assertions/expect-log.js';
export { NamedAssertionError } from './assertions/named-assertion-error.js';
export { expectHttp } from './assertions/expect-http.js';
export type {
  HttpExpectation,
  HttpExpectationContext,
  ScopeOptions,
} from './assertions/expect-http.js';

// Taps: the calls that make sites inside the suite
export * from './taps/index.js';

// Mutators
export { allMutators } from '../mutators/index.js';
export type { MutatorName } from '../mutators/index.js';
export type { Mutator, MutatorContext, MutatorLayer, Variant } from './mutant/mutator.js';
export type {
  KilledAt,
  Mutant,
  MutantResult,
  MutantStatus,
  MutationRun,
  Site,
} from './mutant/mutation-run.js';

// Arbitraries (fast-check)
export { canary } from './arbitraries/canary.js';
export type { CanaryConstraints } from './arbitraries/canary.js';
export { clientDecision } from './arbitraries/client-decision.js';
export type { ClientDecisionConstraints } from './arbitraries/client-decision.js';
export { failureContext } from './arbitraries/failure-context.js';
export type { FailureContextConstraints } from './arbitraries/failure-context.js';
export { jsonRpcId } from './arbitraries/json-rpc-id.js';
export type { JsonRpcIdConstraints } from './arbitraries/json-rpc-id.js';
export { malformedResponse } from './arbitraries/malformed-response.js';
export type { MalformedResponseConstraints } from './arbitraries/malformed-response.js';
export type { MalformedEnvelope, ObservedEnvelope } from './arbitraries/observed-envelope.js';
export { protocolError } from './arbitraries/protocol-error.js';
export type { ProtocolErrorConstraints } from './arbitraries/protocol-error.js';
export { successResponse } from './arbitraries/success-response.js';
export type { SuccessResponseConstraints } from './arbitraries/success-response.js';
export { toolErrorResult } from './arbitraries/tool-error-result.js';
export type { ToolErrorResultConstraints } from './arbitraries/tool-error-result.js';
export { validResponse } from './arbitraries/valid-response.js';
export type { ValidResponseConstraints } from './arbitraries/valid-response.js';

export { ConfigError } from './errors.js';
