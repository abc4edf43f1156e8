import { mutatorNamed } from '../../mutators/index.js';
import type { RuleName } from '../oracle/rule-name.js';

/**
 * The rules the catalogue's mutator `name` expects to be killed by; none for an unknown name.
 *
 * @internal
 */
export function expectedKillersOf(name: string): readonly RuleName[] {
  return mutatorNamed(name)?.expectedKillers ?? [];
}
