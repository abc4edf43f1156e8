import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A raw JSON-RPC 2.0 stdio MCP server, no SDK: every envelope it sends is written out here, so a
 * test knows exactly what init's probe saw. Its first argument picks a behaviour:
 * - `ok`: its pid in `server.pid` (in its cwd), two pages of tools/list (get-sum with an outputSchema, then echo, both
 *   read-only), tools/call as MCP 2025-11-25 asks, -32602 with `data` for an unknown tool, -32601
 *   for an unknown method, and no answer at all to `test/ignore`, a positive error code to
 *   `test/custom-error`, and an exit to `test/exit`;
 * - `wild <dir>`: what servers in the wild do. Three more tools after echo: `read-secret` (read-only) fails
 *   with a tool error that leaks a path and a token; `show-config` (read-only) answers with the
 *   directory it was given and the variables FIXTURE_CONFIG and FIXTURE_EXPORTED; `wipe` (no annotations, so it may be
 *   destructive) writes `wiped` in its cwd when called;
 * - `logs <dir> [leak]`: as `ok`, but logs the directory it was given to stderr when it starts,
 *   and with `leak` a token whenever it is called with an unknown tool;
 * - `fragile`: as `ok`, but exits without an answer when called with an unknown tool, as a server
 *   does that cannot survive an error;
 * - `crash`: writes seven lines to stderr and exits before initialize;
 * - `noisy`: writes a line longer than the kept tail to stderr and exits;
 * - `silent`: its pid in `silent.pid`, writes to stderr and never answers.
 */
const SOURCE = `import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
const mode = process.argv[2] ?? 'ok';
if (mode === 'ok') writeFileSync('server.pid', String(process.pid));
if (mode === 'silent') writeFileSync('silent.pid', String(process.pid));
if (mode === 'crash') {
  process.stderr.write('step 1\\nstep 2\\nstep 3\\nloading config\\n\\nat main\\nError: missing API_KEY\\n');
  process.exit(3);
}
if (mode === 'noisy') {
  process.stderr.write('first\\n' + 'x'.repeat(2500) + '\\n');
  process.exit(3);
}
if (mode === 'silent') {
  process.stderr.write('listening on stdio\\n');
  setInterval(() => undefined, 1000);
}
if (mode === 'logs') process.stderr.write('serving ' + path.resolve(process.argv[3] ?? '.') + '\\n');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const SUM = {
  name: 'get-sum',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  annotations: { readOnlyHint: true },
};
const ECHO = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  annotations: { readOnlyHint: true },
};
const OPEN = { type: 'object', properties: {} };
const WILD = [
  { name: 'read-secret', inputSchema: OPEN, annotations: { readOnlyHint: true } },
  { name: 'show-config', inputSchema: OPEN, annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'wipe', inputSchema: OPEN },
];
const text = (value) => [{ type: 'text', text: value }];
function answer(method, params) {
  if (method === 'initialize')
    return {
      result: {
        protocolVersion: params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'fixture-server', version: '1.0.0' },
      },
    };
  if (method === 'tools/list')
    return params?.cursor === undefined
      ? { result: { tools: [SUM], nextCursor: 'page-2' } }
      : { result: { tools: mode === 'wild' ? [ECHO, ...WILD] : [ECHO] } };
  if (method === 'tools/call') {
    const args = params.arguments ?? {};
    if (params.name === 'get-sum')
      return typeof args.a === 'number' && typeof args.b === 'number'
        ? { result: { content: text(String(args.a + args.b)), structuredContent: { sum: args.a + args.b } } }
        : { result: { content: text('a and b must be numbers'), isError: true } };
    if (params.name === 'echo')
      return typeof (args.text ?? '') === 'string'
        ? { result: { content: text('Echo: ' + (args.text ?? '')) } }
        : { result: { content: text('text must be a string'), isError: true } };
    if (params.name === 'read-secret')
      return { result: { content: text('could not read /srv/app/secrets.json: token=sk-live-abc123 rejected'), isError: true } };
    if (params.name === 'show-config')
      return { result: { content: text('serving ' + path.resolve(process.argv[3]) + ' with ' + process.env.FIXTURE_CONFIG + ' for ' + process.env.FIXTURE_EXPORTED) } };
    if (params.name === 'wipe') {
      writeFileSync('wiped', 'called');
      return { result: { content: text('wiped') } };
    }
    if (mode === 'fragile') process.exit(0);
    if (mode === 'logs' && process.argv[4] === 'leak')
      process.stderr.write('unknown tool ' + params.name + ' (config /srv/app/secrets.json)\\n');
    return { error: { code: -32602, message: 'Unknown tool: ' + params.name, data: { tool: params.name } } };
  }
  if (method === 'test/custom-error') return { error: { code: 1000, message: 'Custom failure' } };
  if (method === 'test/exit') process.exit(0);
  return { error: { code: -32601, message: 'Method not found' } };
}
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (mode === 'silent' || message.id === undefined || message.method === 'test/ignore') return;
  send({ jsonrpc: '2.0', id: message.id, ...answer(message.method, message.params) });
});
`;

/** Writes the fixture server as `server.mjs` in `dir`; run it as `node server.mjs <mode>`. */
export function writeFixtureServer(dir: string): string {
  const file = path.join(dir, 'server.mjs');
  writeFileSync(file, SOURCE);
  return file;
}
