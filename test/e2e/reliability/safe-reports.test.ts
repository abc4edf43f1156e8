import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { fixtureCopies } from '../../support/temp-copy.js';

const fixtures = fixtureCopies();
afterAll(() => fixtures.remove());

/** The built command line with `env` added to the environment. */
function runCliWithEnv(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<CliResult> {
  return runCli(args, { env, timeoutMs: 280_000 });
}

const ROOT = fixtures.root('hostile-secrets');
const REPORT_DIR = `${ROOT}/reports/envelope-mutants`;
const CANARY = 'CANARY-planted-7f3a9c';
// Values the suite copies from the environment into the envelopes it observes.
const SECRETS = {
  API_TOKEN: 'tok-live-5b1e0c7d9a',
  DB_PASSWORD: 'hunter2-prod-pw',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMIK7MDENGbPxRfiCY',
};
const PLAIN = { UPSTREAM_REGION: 'region-eu-west-9' };

interface SecretsReport {
  readonly files: Record<string, { source: string; mutants: { mutatorName: string }[] }>;
}

describe('reports of a suite that sees secrets', { timeout: 300_000 }, () => {
  test('should never publish a secret-named variable and show canaries only as canaries', async () => {
    // Arrange
    rmSync(REPORT_DIR, { recursive: true, force: true });
    // Act
    const result = await runCliWithEnv(
      ['run', '--root', ROOT, '--reporters', 'json,html,console'],
      {
        ...SECRETS,
        ...PLAIN,
      },
    );
    // Assert
    expect(result.exitCode, result.stderr).toBe(0);
    const json = readFileSync(`${REPORT_DIR}/mutation.json`, 'utf8');
    const html = readFileSync(`${REPORT_DIR}/mutation.html`, 'utf8');
    const outputs = { json, html, stdout: result.stdout, stderr: result.stderr };
    for (const [output, text] of Object.entries(outputs)) {
      for (const [name, value] of Object.entries(SECRETS)) {
        expect(text.includes(value), `${name} in ${output}`).toBe(false);
      }
    }
    const report = JSON.parse(json) as SecretsReport;
    const site = Object.values(report.files)[0];
    expect(site?.source).toContain('refused token [redacted $API_TOKEN]');
    // Negative control: what the suite saw does reach the reports when its name is not secret.
    expect(json).toContain(PLAIN.UPSTREAM_REGION);
    expect(html).toContain(PLAIN.UPSTREAM_REGION);
    // The canary is ours: it appears only in leak-canary mutants (never in a site) ...
    expect(site?.source).not.toContain(CANARY);
    for (const mutant of site?.mutants ?? []) {
      if (JSON.stringify(mutant).includes(CANARY)) expect(mutant.mutatorName).toBe('leak-canary');
    }
    expect(json).toContain(CANARY);
    // ... and on the console only in the survivor blocks of leak-canary.
    const blocks = result.stdout.split(/\n(?= {2}survived )/).slice(1);
    const withCanary = blocks.filter((block) => block.includes(CANARY));
    expect(withCanary.length).toBeGreaterThan(0);
    for (const block of withCanary) expect(block.startsWith('  survived leak-canary')).toBe(true);
  });

  test('should redact the failures of a suite that fails before any mutant', async () => {
    // Act
    const root = fixtures.root('hostile-red-secret');
    const result = await runCliWithEnv(['run', '--root', root, '--reporters', 'json'], SECRETS);
    // Assert: before the fix, the discovery error quoted the token.
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('echo-token.spec.ts > should authenticate upstream');
    expect(result.stderr).toContain('[redacted $API_TOKEN]');
    expect(result.stderr).not.toContain(SECRETS.API_TOKEN);
  });

  test('should redact list and explain as it redacts the reports', async () => {
    // Arrange
    const root = ['--root', ROOT];
    const listed = await runCliWithEnv(['list', ...root, '--json'], { ...SECRETS, ...PLAIN });
    const ids = (JSON.parse(listed.stdout) as { id: string; mutator: string }[])
      .filter((row) => row.mutator === 'remove-is-error')
      .map((row) => row.id);
    // Act: explain prints the site's envelope and the mutant's diff.
    const explained = await runCliWithEnv(['explain', ids[0] ?? 'none', ...root], {
      ...SECRETS,
      ...PLAIN,
    });
    // Assert
    expect(explained.exitCode, explained.stderr).toBe(0);
    expect(explained.stdout).toContain(PLAIN.UPSTREAM_REGION);
    for (const text of [listed.stdout, explained.stdout, explained.stderr]) {
      for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
    }
  });
});
