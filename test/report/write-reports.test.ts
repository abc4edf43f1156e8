import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConfigError } from '../../src/errors.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { writeReports } from '../../src/report/write-reports.js';
import { makeRun, MUTANTS, TOOL_ERROR, UNKNOWN_TOOL } from '../support/make-run.js';

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
    expect((error as Error).message).toBe(
      'reporters: unknown reporter "xml". Use some of json, html, console.',
    );
  });
});

describe('writeReports reporters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A fresh directory to write into; `outDir` is a not-yet-existing folder inside it. */
  async function fresh(): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), 'envelope-mutants-report-'));
    return join(dir, 'reports', 'envelope-mutants');
  }

  function collect(): { text: () => string; stream: { write: (chunk: string) => void } } {
    let text = '';
    return { text: () => text, stream: { write: (chunk) => void (text += chunk) } };
  }

  it('should write all three by default and return the files it wrote', async () => {
    const outDir = await fresh();
    const out = collect();

    const written = await writeReports(makeRun(), { outDir, env: {}, stream: out.stream });

    expect(written.files).toEqual([join(outDir, 'mutation.json'), join(outDir, 'mutation.html')]);
    expect((await readdir(outDir)).sort()).toEqual(['mutation.html', 'mutation.json']);
    expect(out.text()).toContain(' 50.00% named-kill score (named kills 5 / valid 10)\n');
    expect(written.report.envelopeMutants.namedKillScore).toBe(50);
  });

  it('should write mutation.json alone, pretty-printed and ending in a newline', async () => {
    const outDir = await fresh();
    const out = collect();

    const written = await writeReports(makeRun(), {
      outDir,
      reporters: ['json'],
      env: {},
      stream: out.stream,
    });

    expect(written.files).toEqual([join(outDir, 'mutation.json')]);
    expect(await readdir(outDir)).toEqual(['mutation.json']);
    expect(await readFile(join(outDir, 'mutation.json'), 'utf8')).toBe(
      `${JSON.stringify(written.report, null, 2)}\n`,
    );
    expect(out.text()).toBe('');
  });

  it('should write mutation.html alone, creating its directory', async () => {
    const outDir = await fresh();

    const written = await writeReports(makeRun(), { outDir, reporters: ['html'], env: {} });

    expect(written.files).toEqual([join(outDir, 'mutation.html')]);
    expect(await readdir(outDir)).toEqual(['mutation.html']);
  });

  it('should write only to the console, creating no directory, when asked for the console alone', async () => {
    const outDir = await fresh();
    const out = collect();

    const written = await writeReports(makeRun(), {
      outDir,
      reporters: ['console'],
      env: {},
      stream: out.stream,
      isTTY: false,
    });

    expect(written.files).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
    expect(out.text()).toContain('gate: mutation score 80.00% meets break 50\n');
  });

  it('should write the console summary to standard output when given no stream', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);

    await writeReports(makeRun(), { outDir: await fresh(), reporters: ['console'], env: {} });

    expect(write.mock.calls.map(([chunk]) => String(chunk)).join('')).toContain(
      'envelope-mutants: mcp-2025-11-25, seed 20251125, 12 mutants\n',
    );
  });

  it('should colour the console summary on a TTY and not elsewhere', async () => {
    const tty = collect();
    const pipe = collect();
    const options = { outDir: await fresh(), reporters: ['console'], env: {} } as const;

    await writeReports(makeRun(), { ...options, stream: tty.stream, isTTY: true });
    await writeReports(makeRun(), { ...options, stream: pipe.stream, isTTY: false });

    expect(tty.text()).toContain('\x1b[1menvelope-mutants: mcp-2025-11-25');
    expect(pipe.text()).not.toContain('\x1b[');
  });

  it("should name the caller's expected rules under each survivor instead of the catalogue's", async () => {
    const custom = collect();
    const catalogue = collect();
    const options = { outDir: await fresh(), reporters: ['console'], env: {} } as const;

    await writeReports(makeRun(), {
      ...options,
      stream: custom.stream,
      expectedKillersOf: () => ['mcp.layer'],
    });
    await writeReports(makeRun(), { ...options, stream: catalogue.stream });

    expect(custom.text()).toContain(
      'survived undocumented-code: code -32602 → -32603\n    site tools/call > should reject an unknown tool with -32602 / unknown-tool (test/contract/tools.test.ts)\n    expected a failure naming mcp.layer\n',
    );
    expect(catalogue.text()).toContain('    expected a failure naming jsonrpc.error-code\n');
  });

  it('should record the shard in mutation.json, and none when the run is not sharded', async () => {
    const outDir = await fresh();
    const shard = { index: 2, count: 3 };

    const sharded = await writeReports(makeRun(), { outDir, reporters: ['json'], env: {}, shard });
    const json: unknown = JSON.parse(await readFile(join(outDir, 'mutation.json'), 'utf8'));
    const whole = await writeReports(makeRun(), { outDir, reporters: ['json'], env: {} });

    expect(sharded.report.envelopeMutants.shard).toEqual(shard);
    expect(json).toMatchObject({ envelopeMutants: { shard } });
    expect('shard' in whole.report.envelopeMutants).toBe(false);
  });
});
