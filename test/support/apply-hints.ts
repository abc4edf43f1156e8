// Applies survivor hints to a test file the way a user would paste them: each line goes at the
// end of the covering test's body, with the hint's placeholder renamed to the variable that holds
// what the tap returned. The renaming rule is the one the hint text states; it is spelled out here
// for the shapes the weak example's tests use.

/** The fields of a report mutant's `hint` this applies. */
export interface ReportHint {
  readonly code: string;
  readonly variable: 'response' | 'action' | 'decision';
  readonly imports: readonly { readonly name: string; readonly from: string }[];
  readonly testNames: readonly string[];
  readonly method?: string;
}

/** `source` with every hint inserted once into each test it names; throws if a test is missing. */
export function applyHints(source: string, hints: readonly ReportHint[]): string {
  let out = source;
  for (const hint of hints) {
    for (const testName of hint.testNames) out = insert(out, testName, hint);
  }
  return addImports(out, hints);
}

function insert(source: string, testName: string, hint: ReportHint): string {
  const title = testName.split(' > ').at(-1) ?? testName;
  const start = source.indexOf(`it('${title}'`);
  if (start === -1) throw new Error(`applyHints: no test "${title}" in the file`);
  const bodyStart = source.indexOf('{', source.indexOf('=>', start));
  const bodyEnd = closingBrace(source, bodyStart);
  const body = source.slice(bodyStart, bodyEnd);
  const line = hint.code.replace(/\b(response|action|decision)\b/g, () => variable(body, hint));
  if (body.includes(line)) return source;
  return `${source.slice(0, bodyEnd)}  ${line};\n  ${source.slice(bodyEnd)}`;
}

/** The test's own name for the value the tap returned. */
function variable(body: string, hint: ReportHint): string {
  if (hint.method === 'initialize') return 'client.initializeResponse';
  if (hint.variable === 'response') {
    const held = /const (\w+) = await callTool\(/.exec(body)?.[1];
    if (held === undefined) throw new Error('applyHints: the test holds no tools/call response');
    return held;
  }
  return hint.variable;
}

/** The index of the `}` that closes the `{` at `open`; the test sources have no braces in strings. */
export function closingBrace(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return i;
  }
  throw new Error('closingBrace: unbalanced braces');
}

/** `source` with an import line for each of the hints' imports it lacks, as a user pastes it. */
export function addImports(source: string, hints: readonly Pick<ReportHint, 'imports'>[]): string {
  const lines = new Set<string>();
  for (const hint of hints) {
    for (const entry of hint.imports) lines.add(`import { ${entry.name} } from '${entry.from}';`);
  }
  const missing = [...lines].filter((line) => !source.includes(line));
  return missing.length === 0 ? source : `${missing.join('\n')}\n${source}`;
}
