import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ProviderError, ProviderTimeoutError } from './card-provider.js';
import { toolFailure } from './tool-result.js';

/**
 * Turns an error thrown while a tool ran into a model-safe tool failure. It is an allowlist: the
 * public message is built from the error's *class* and the caller's reference, never from the
 * error's own text, which for a provider failure carries the raw upstream body (credentials,
 * internal paths, request payloads). Model-facing content is sanitized before serialization
 * (envelope-mutants' docs/design.md "Sanitization").
 */
export function sanitizeToolError(error: unknown, reference: string): CallToolResult {
  if (error instanceof ProviderTimeoutError) {
    return toolFailure(
      'outcome-unknown',
      `The card provider did not confirm charge ${reference}; it may have gone through. ` +
        'Call charge_status with the same idempotencyKey before charging again.',
    );
  }
  if (error instanceof ProviderError) {
    return toolFailure(
      'provider-unavailable',
      `The card provider is unavailable (ref ${reference}). No charge was made; try again later.`,
    );
  }
  return toolFailure('internal', `The tool failed unexpectedly (ref ${reference}).`);
}
