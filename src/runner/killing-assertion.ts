import type { JsonPath } from '../envelope/json-value.js';
import type { Mutant, Site } from '../mutant/mutant.js';
import type { RuleName } from '../oracle/rule-name.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * For a survivor: an assertion, labelled with the rule the mutator expects, that pins the member
 * the mutant changed to the value the suite saw. Ready to paste where the test holds the envelope
 * (named `response`) or the decision (named `decision`).
 */
export function killingAssertion(site: Site, mutant: Mutant, rule: RuleName | undefined): string {
  const subject = site.kind === 'decision' ? 'decision' : 'response';
  const label = rule === undefined ? '' : `, '${rule}'`;
  const original = valueAt(site.value, mutant.path);
  const expression = `${subject}${accessPath(mutant.path)}`;
  if (original === undefined) return `expect(${expression}${label}).toBeUndefined();`;
  return `expect(${expression}${label}).toStrictEqual(${JSON.stringify(original)});`;
}

function accessPath(path: JsonPath): string {
  return path
    .map((step) =>
      typeof step === 'number'
        ? `[${step}]`
        : IDENTIFIER.test(step)
          ? `.${step}`
          : `[${JSON.stringify(step)}]`,
    )
    .join('');
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}
