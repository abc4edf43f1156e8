import type { SurvivorHint } from './survivor-hint.js';

/**
 * A hint as text for people (console summary, `explain`, the HTML report's mutant description):
 * where it goes, the line, and the import it needs.
 */
export function formatHint(hint: SurvivorHint, indent = ''): string {
  const tests =
    hint.testNames.length === 0 ? '' : ` > ${hint.testNames.map((n) => `"${n}"`).join(' / ')}`;
  const what =
    hint.method === undefined ? `the ${_noun(hint)}` : `the ${hint.method} ${_noun(hint)}`;
  const lines = [
    `${indent}add to ${hint.testFile}${tests}, where \`${hint.variable}\` is ${what} the tap returned (site ${hint.siteKey}):`,
    `${indent}  ${hint.code}`,
  ];
  for (const from of new Set(hint.imports.map((entry) => entry.from))) {
    const names = hint.imports.filter((entry) => entry.from === from).map((entry) => entry.name);
    lines.push(`${indent}  // import { ${names.join(', ')} } from '${from}';`);
  }
  return lines.join('\n');
}

function _noun(hint: SurvivorHint): string {
  return hint.variable === 'response'
    ? 'response'
    : hint.variable === 'action'
      ? 'action'
      : 'decision';
}
