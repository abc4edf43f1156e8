// Generates a vitest project for the scaling benchmark: `tests` tests over files of
// `testsPerFile`, each test observing `sitesPerTest` envelope sites of its own (tapMessage with a
// stable key) and judging them with the library's named assertions. The envelope kinds (protocol
// error, tool error, success with structured content) alternate inside every file, so every round
// of a run touches every file.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './bench-report.mjs';

const CANARY = 'CANARY-scaleFixture01';
const SCHEMA = {
  type: 'object',
  properties: { id: { type: 'string' }, balance: { type: 'number' } },
  required: ['id', 'balance'],
};

/** The envelope, the check context and the assertion chain of the site `n`. */
function siteOf(n) {
  const id = 1000 + n;
  const base = {
    requestId: id,
    inFlightIds: [id + 1, id + 2],
    method: 'tools/call',
    canaries: [CANARY],
  };
  switch (n % 3) {
    case 0:
      return {
        envelope: { jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: t${n}` } },
        context: { ...base, expected: { failureClass: 'unknown-tool' } },
        chain: '.toBeProtocolError(-32602).toNotLeak()',
      };
    case 1:
      return {
        envelope: {
          jsonrpc: '2.0',
          id,
          result: { isError: true, content: [{ type: 'text', text: `Card ${n} was declined.` }] },
        },
        context: { ...base, expected: { failureClass: 'domain-rejection' } },
        chain: '.toBeToolError().toNotLeak()',
      };
    default:
      return {
        envelope: {
          jsonrpc: '2.0',
          id,
          result: {
            content: [{ type: 'text', text: `{"id":"a${n}","balance":${n}}` }],
            structuredContent: { id: `a${n}`, balance: n },
          },
        },
        context: { ...base, outputSchema: SCHEMA, expected: { layer: 'success' } },
        chain: '.toBeSuccess().toNotLeak()',
      };
  }
}

function testSource(testIndex, sitesPerTest) {
  const lines = [`  it('should judge the envelopes of test ${testIndex}', () => {`];
  for (let s = 0; s < sitesPerTest; s += 1) {
    const n = testIndex * sitesPerTest + s;
    const { envelope, context, chain } = siteOf(n);
    const json = (value) => JSON.stringify(value);
    lines.push(
      `    const c${s} = ${json(context)};`,
      `    expectEnvelope(tapMessage(${json(envelope)}, { key: 's${n}', ...c${s} }), c${s})${chain};`,
    );
  }
  lines.push('  });');
  return lines.join('\n');
}

/**
 * Writes the project under `dir` (emptied first) and returns its directory. The vitest config
 * aliases `envelope-mutants` to this repository's build, as the examples do.
 */
export function generateSuite(dir, { tests, testsPerFile = 50, sitesPerTest = 1, mutators }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'test'), { recursive: true });
  // The library's worker bundle, loaded as an installed package is: by Node, untransformed.
  const entry = JSON.stringify(join(REPO_ROOT, 'dist/worker/index.js'));
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `import { defineConfig } from 'vitest/config';\nexport default defineConfig({\n  test: { include: ['test/**/*.test.js'], server: { deps: { external: [/\\/dist\\/worker\\//] } } },\n  resolve: { alias: [{ find: /^envelope-mutants$/, replacement: ${entry} }] },\n});\n`,
  );
  const config = {
    profile: 'mcp-2025-11-25',
    canaries: [CANARY],
    ...(mutators ? { mutators } : {}),
  };
  writeFileSync(join(dir, 'envelope-mutants.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  // vitest resolves its own package from the project: link the repository's node_modules.
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (let first = 0, file = 0; first < tests; first += testsPerFile, file += 1) {
    const body = [];
    for (let t = first; t < Math.min(tests, first + testsPerFile); t += 1)
      body.push(testSource(t, sitesPerTest));
    writeFileSync(
      join(dir, 'test', `part-${String(file).padStart(4, '0')}.test.js`),
      `import { expectEnvelope, tapMessage } from 'envelope-mutants';\nimport { describe, it } from 'vitest';\n\ndescribe('part ${file}', () => {\n${body.join('\n\n')}\n});\n`,
    );
  }
  return dir;
}
