import { isJsonObject } from '../src/envelope/json-value.js';
import { type Decision, isClientAction } from '../src/taxonomy/client-action.js';

/** The target as a client decision (src/taxonomy/client-action.ts), or `undefined`. */
export function decisionOf(target: unknown): Decision | undefined {
  if (!isJsonObject(target) || !isClientAction(target['action'])) return undefined;
  const context = target['context'];
  if (!isJsonObject(context)) return undefined;
  if (context['kind'] !== 'protocol' && context['kind'] !== 'tool') return undefined;
  return target as unknown as Decision;
}
