import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isConfigError } from '../../src/config/config-error.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { writeReports } from '../../src/report/write-reports.js';
import { makeRun, MUTANTS, TOOL_ERROR, UNKNOWN_TOOL } from './fixtures.js';

const PLANTED = 'plantedSecretValue-7f3a9c';

let dir = '';
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

/** A run whose envelope, replacement and failure message all carry the planted value. */
function leakyRun(): ReturnType<typeof makeRun> {
  const site = {
    ...TOOL_ERROR,
    value: {
      jsonrpc: '2.0',
      id: 42,
      result: { content: [{ type: 'text', text: `token ${PLANTED}` }], isError: true },
    },
  };
  const mutants = MUTANTS.map((mutant) => ({
    ...mutant,
    replacement: `${mutant.replacement} ${PLANTED}`,
    statusReason: `leaked ${PLANTED}`,
  }));
  return makeRun({ sites: [UNKNOWN_TOOL, site, ...makeRun().sites.slice(2)], mutants });
}

async function writeAll(env: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-report-'));
  let console = '';
  await writeReports(leakyRun(), {
    outDir: dir,
    env,
    stream: { write: (text: string) => (console += text) },
    isTTY: false,
  });
  const json = await readFile(join(dir, 'mutation.json'), 'utf8');
  const html = await readFile(join(dir, 'mutation.html'), 'utf8');
  return `${json}\n${html}\n${console}`;
}

describe('writeReports', () => {
  it('should write mutation.json valid against the schema and a self-contained mutation.html', async () => {
    dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-report-'));

    await writeReports(makeRun(), { outDir: dir, reporters: ['json', 'html'], env: {} });

    expect((await readdir(dir)).sort()).toEqual(['mutation.html', 'mutation.json']);
    const json: unknown = JSON.parse(await readFile(join(dir, 'mutation.json'), 'utf8'));
    expect(reportSchemaErrors(json)).toEqual([]);
    const html = await readFile(join(dir, 'mutation.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).toContain('customElements.define');
  });

  it('should keep the value of a secret-named variable out of every output', async () => {
    const outputs = await writeAll({ CI_DEPLOY_TOKEN: PLANTED });

    expect(outputs).not.toContain(PLANTED);
    expect(outputs).toContain('[redacted $CI_DEPLOY_TOKEN]');
  });

  it('should leave the value in when the variable name is not secret-looking (negative control)', async () => {
    const outputs = await writeAll({ GREETING: PLANTED });

    expect(outputs).toContain(PLANTED);
  });

  it('should reject an unknown reporter with a ConfigError', async () => {
    const error: unknown = await writeReports(makeRun(), {
      outDir: 'unused',
      reporters: ['xml'],
    }).catch((caught: unknown) => caught);

    expect(isConfigError(error)).toBe(true);
    expect(String(error)).toContain('reporters: unknown reporter "xml"');
  });
});
