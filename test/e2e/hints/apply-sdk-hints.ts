// Applies the hints of a suite that holds SDK results (docs/sdk-client-suites.md) the way a user
// would paste them, for the shapes of the sdk-shared-client fixture: each line goes right after
// the call that made its site, before the test's own assertions (a kill needs it before the
// assertion that failed). The call gets the request timeout the hints' note asks for, `refused`
// is collected from `client.onerror` once per file, and a hint of the initialize site goes into
// the hook that connects.

import { addImports, closingBrace } from '../../support/apply-hints.js';

/** The fields of a report mutant's `hint` this applies. */
export interface SdkReportHint {
  readonly code: string;
  readonly variable: string;
  readonly imports: readonly { readonly name: string; readonly from: string }[];
  readonly testNames: readonly string[];
  readonly method?: string;
}

export interface ApplySdkHintsOptions {
  /** The per-call request timeout, in ms: below the suite's own test and hook timeouts. */
  readonly timeoutMs: number;
}

/** The variables a line is written on, in the order their lines go after the call. */
const ORDER = ['refused', 'promise', 'result'] as const;

/**
 * How the SDK client reports a response it cannot read (`Protocol._onmessage` and `_onresponse`
 * of @modelcontextprotocol/sdk 1.32): with the envelope as JSON after the colon.
 */
const COLLECT_REFUSED = `
// The responses the SDK client could not read: it reports each to onerror and never settles the
// request it answered (docs/sdk-client-suites.md).
const refused: Record<string, unknown>[] = [];
client.onerror = (error) => {
  const json = /^(?:Unknown message type|Received a response for an unknown message ID): (.*)$/s.exec(error.message)?.[1];
  if (json !== undefined) refused.push(JSON.parse(json) as Record<string, unknown>);
};
beforeEach(() => {
  refused.length = 0;
});
`;

/** `source` with every hint pasted once where it belongs; throws on a shape it cannot place. */
export function applySdkHints(
  source: string,
  hints: readonly SdkReportHint[],
  options: ApplySdkHintsOptions,
): string {
  const blocks = new Map<string, SdkReportHint[]>();
  for (const hint of hints) {
    // A site of the file (initialize, in beforeAll) lists every test: its lines go in the hook.
    const targets = hint.method === 'initialize' ? ['beforeAll'] : hint.testNames;
    for (const target of targets) blocks.set(target, [...(blocks.get(target) ?? []), hint]);
  }
  let out = source;
  for (const [target, list] of blocks) out = pasteInto(out, target, list, options);
  if (hints.some((hint) => hint.variable === 'refused')) out = collectRefused(out);
  return addImports(out, hints);
}

function pasteInto(
  source: string,
  target: string,
  hints: readonly SdkReportHint[],
  options: ApplySdkHintsOptions,
): string {
  const start = bodyStart(source, target);
  const end = closingBrace(source, start);
  const body = source.slice(start, end);
  const lines = (variable: string): string[] => [
    ...new Set(hints.filter((h) => h.variable === variable).map((h) => `${h.code};`)),
  ];
  const unknown = hints.find((h) => !(ORDER as readonly string[]).includes(h.variable));
  if (unknown !== undefined) throw new Error(`applySdkHints: no place for \`${unknown.variable}\``);
  const call = clientCall(body);
  let pasted: string;
  if (call !== undefined) {
    const { line, indent, before, method, args, after } = call;
    const rewritten = [
      `const promise = client.${method}(${withTimeout(method, args, options.timeoutMs)});`,
      'await promise.catch(() => undefined);',
      ...lines('refused'),
      ...lines('promise'),
      ...(lines('result').length > 0 && !/^const result = \(?$/.test(before.trim())
        ? ['const result = await promise;', `${before}result${after}`]
        : [`${before}await promise${after}`]),
      ...lines('result'),
    ];
    pasted = body.replace(line, () => rewritten.map((text) => `${indent}${text}`).join('\n'));
  } else {
    // A call through the test's own helper (a retry): the lines go after the line holding the
    // result; a line on the promise has nothing to stand on there.
    if (lines('promise').length > 0)
      throw new Error(`applySdkHints: "${target}" holds no call of the client to await`);
    const held = /^( *)const result = await .*$/m.exec(body);
    if (held === null) throw new Error(`applySdkHints: "${target}" holds no result`);
    const indent = held[1] ?? '';
    const after = [...lines('refused'), ...lines('result')].map((text) => `${indent}${text}`);
    pasted = body.replace(held[0], () => [held[0], ...after].join('\n'));
  }
  return `${source.slice(0, start)}${pasted}${source.slice(end)}`;
}

interface ClientCall {
  readonly line: string;
  readonly indent: string;
  /** The line's text before `await client.method(…)`, and after its closing parenthesis. */
  readonly before: string;
  readonly after: string;
  readonly method: string;
  readonly args: string;
}

/** The first line of `body` that awaits a method of `client`, split around the call. */
function clientCall(body: string): ClientCall | undefined {
  const found = /^( *)(.*?)await client\.(\w+)\((.*)$/m.exec(body);
  if (found === null) return undefined;
  const [line, indent = '', before = '', method = '', rest = ''] = found;
  let depth = 1;
  let i = 0;
  for (; i < rest.length && depth > 0; i++) {
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')') depth--;
  }
  if (depth > 0) throw new Error(`applySdkHints: the call on "${line.trim()}" spans lines`);
  return { line, indent, before, method, args: rest.slice(0, i - 1), after: rest.slice(i) };
}

/** The call's arguments with `{ timeout }` as its request options (the SDK's own parameter). */
function withTimeout(method: string, args: string, timeoutMs: number): string {
  // callTool(params, resultSchema, options); connect(transport, options); list*(params, options).
  const position = method === 'callTool' ? 2 : 1;
  const list = args.trim() === '' ? [] : [args];
  while (list.length < position) list.push('undefined');
  return [...list, `{ timeout: ${timeoutMs} }`].join(', ');
}

function bodyStart(source: string, target: string): number {
  const title = target.split(' > ').at(-1) ?? target;
  const head = target === 'beforeAll' ? 'beforeAll(' : `test('${title}'`;
  const at = source.indexOf(head);
  if (at === -1) throw new Error(`applySdkHints: no ${head} in the file`);
  return source.indexOf('{', source.indexOf('=>', at));
}

function collectRefused(source: string): string {
  const client = /^const client = new Client\(.*\);$/m.exec(source);
  if (client === null) throw new Error('applySdkHints: no `const client = new Client(…)` line');
  const withHook = source.replace(/import \{ ([^}]*) \} from 'vitest';/, (all, names: string) =>
    names.includes('beforeEach') ? all : `import { ${names}, beforeEach } from 'vitest';`,
  );
  return withHook.replace(client[0], () => `${client[0]}\n${COLLECT_REFUSED}`);
}
