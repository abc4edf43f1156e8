import type { SurvivorHint } from './survivor-hint.js';

/**
 * A hint as text for people (console summary, `explain`, the HTML report's mutant description):
 * where it goes, the line, and the import it needs.
 *
 * @internal
 */
export function formatHint(hint: SurvivorHint, indent = ''): string {
  const tests =
    hint.testNames.length === 0 ? '' : ` > ${hint.testNames.map((n) => `"${n}"`).join(' / ')}`;
  if (hint.finding !== undefined) return findingHint(hint, hint.finding, tests, indent);
  // The SDK client's initialize request is made by client.connect, in a hook, not in a test.
  const where =
    hint.style === 'sdk' && hint.method === 'initialize'
      ? `the hook of ${hint.testFile} that connects the client (client.connect)`
      : `${hint.testFile}${tests}`;
  const lines = [
    `${indent}${placement(hint)} ${where}, where \`${hint.variable}\` is ${what(hint)} (site ${hint.siteKey}):`,
    `${indent}  ${hint.code}`,
  ];
  if (hint.note !== undefined) lines.push(`${indent}  // ${hint.note}`);
  for (const from of new Set(hint.imports.map((entry) => entry.from))) {
    const names = hint.imports.filter((entry) => entry.from === from).map((entry) => entry.name);
    lines.push(`${indent}  // import { ${names.join(', ')} } from '${from}';`);
  }
  return lines.join('\n');
}

/**
 * At a known failure no assertion of the contract kills the mutant (the answer breaks it
 * already) and one pinning the answer would assert the bug: the way out is the server's fix, or
 * the survivor accepted in the baseline until then.
 */
function findingHint(hint: SurvivorHint, finding: string, tests: string, indent: string): string {
  return [
    `${indent}no hint at ${hint.testFile}${tests} (site ${hint.siteKey}): ${finding}.`,
    `${indent}  An assertion here would pin the breach. Fix the server (then turn its it.fails into it), or accept the survivor in the baseline (config "baseline", or run --baseline <file>):`,
    `${indent}  ${hint.baselineEntry ?? ''}`,
  ].join('\n');
}

/**
 * Where the line goes. A kill needs it before the assertion that failed first, or that one still
 * fails first and the kill stays unnamed.
 */
function placement(hint: SurvivorHint): string {
  if (hint.killed === undefined) return 'add to';
  const how =
    hint.killed === 'unnamed'
      ? 'killed, but not at an assertion that names the rule'
      : 'killed at an assertion naming another rule';
  return `${how}; to name it, add before the assertion that failed in`;
}

/** Which value the hint's variable stands for, in the words of the suite that holds it. */
function what(hint: SurvivorHint): string {
  const method = hint.method === undefined ? '' : `${hint.method} `;
  if (hint.variable === 'result') return `what the SDK client resolved the ${method}request with`;
  if (hint.variable === 'promise') return `the SDK client's ${method}request, not awaited`;
  if (hint.variable === 'refused')
    return `each envelope the SDK client refused to read while the ${method}request was pending (client.onerror)`;
  if (hint.variable === 'lines')
    return 'the lines the test captured from the log (`await stderr.lines()` of tapStderr, or those it passed to tapLog)';
  if (hint.variable === 'exchange')
    return `the ${method}HTTP exchange the tapped fetch recorded (an element of its \`exchanges\`)`;
  return `the ${method}${hint.variable} the tap returned`;
}
