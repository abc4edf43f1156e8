import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LONGEST_TIMER_MS } from '../engine/longest-timer.js';
import { ConfigError } from '../errors.js';
import { CONFIG_FILE_NAMES } from '../config/config-input.js';
import { absolutePaths, givenPaths } from './allowed-values.js';
import { checkLog } from '../oracle/check-log.js';
import { contractSuiteSource } from './contract-suite-source.js';
import { detectProject, type ProjectFacts } from './detect-project.js';
import { suiteCandidates, suiteFileFor, type TestGlobs } from './suite-file-for.js';
import { nextSteps } from './next-steps.js';
import { planContractCases, type ContractPlan } from './plan-contract-cases.js';
import { probeAuthorization, type AuthorizationPlan } from './probe-authorization.js';
import { probeHttpServer } from './probe-http-server.js';
import { probeServer } from './probe-server.js';
import { remoteServer, type RemoteServer } from './remote-server.js';
import { remoteSuiteSource } from './remote-suite-source.js';
import { splitCommand, type ServerCommand } from './split-command.js';
import { assertWritable, writeTextFile } from './write-new-file.js';

/** The config file init writes, and the JSON schema its `$schema` points at (from the project root). */
export const INIT_CONFIG_FILE = 'envelope-mutants.config.json';
export const CONFIG_SCHEMA_REF =
  'node_modules/envelope-mutants/schema/envelope-mutants.config.schema.json';
/**
 * Where the starter contract suite goes unless `--out` says otherwise.
 *
 * @internal
 */
export const DEFAULT_SUITE_FILE = 'test/envelope-mutants.contract.test.ts';
/** @internal */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;
const PROFILE = 'mcp-2025-11-25';

/**
 * The config init writes: a gate from the first run. `strict` gates on the named-kill score (a
 * kill that names no rule says "something changed", not which contract broke); `break` makes the
 * gate able to fail at all.
 */
export const INIT_CONFIG = {
  $schema: CONFIG_SCHEMA_REF,
  profile: PROFILE,
  strict: true,
  thresholds: { high: 95, low: 85, break: 90 },
} as const;

/** Options of {@link runInit}: the command's flags. */
export interface InitOptions {
  readonly root: string;
  /** A stdio MCP server command: generate a contract suite from its tools/list. */
  readonly server?: string;
  /** A running Streamable HTTP MCP server: generate a contract suite from its tools/list. */
  readonly url?: string;
  /** `Name: value` headers for `url` (`--header`, e.g. a bearer token); never written. */
  readonly headers?: readonly string[];
  /** Headers of a credential lacking some tool's scope (`--low-scope-header`): step-up cases. */
  readonly lowScopeHeaders?: readonly string[];
  /** The suite's path, relative to the root. */
  readonly out?: string;
  readonly force: boolean;
  readonly timeoutMs: number;
  /** Variables for the server on top of the user's environment (`--env VAR=value`). */
  readonly env?: Readonly<Record<string, string>>;
  /** Call tools whose annotations say they may destroy state. */
  readonly allowDestructive?: boolean;
  /**
   * Asks the project's vitest config which of the suite's candidate paths it runs (the CLI's
   * vitest adapter); without it, the suite goes to `out` or the default unasked.
   */
  readonly testGlobsOf?: (
    root: string,
    candidatesOf: (include: readonly string[]) => readonly string[],
  ) => Promise<TestGlobs | undefined>;
}

/** What init did: the files it wrote and what it has to tell. */
export interface InitResult {
  readonly project: ProjectFacts;
  readonly written: readonly string[];
  readonly plan?: ContractPlan;
  /** For `url`: the authorization cases, when the server advertises protected-resource metadata. */
  readonly authorization?: AuthorizationPlan;
  /** The text init prints: files, findings, skipped cases, next steps. */
  readonly text: string;
}

/**
 * `envelope-mutants init`: the config file, and — given a stdio server — a starter contract suite
 * probed case by case against the server. Nothing is written before every check has passed.
 *
 * @internal
 */
export async function runInit(options: InitOptions): Promise<InitResult> {
  if (!Number.isSafeInteger(options.timeoutMs) || options.timeoutMs <= 0)
    throw new ConfigError(
      `init --timeout: expected a positive number of milliseconds but received ${options.timeoutMs}. Pass e.g. --timeout 10000.`,
    );
  // A longer timer fires at once: the probe gave up before the server could answer.
  if (options.timeoutMs > LONGEST_TIMER_MS)
    throw new ConfigError(
      `init --timeout: ${options.timeoutMs} ms is longer than the longest timer Node sets (${LONGEST_TIMER_MS} ms, about 24.8 days). Pass a shorter one, e.g. --timeout 60000.`,
    );
  const remote = remoteOf(options);
  const project = detectProject(options.root);
  const configFile = path.join(project.root, INIT_CONFIG_FILE);
  const writesSuite = options.server !== undefined || remote !== undefined;
  const globs =
    writesSuite && options.testGlobsOf !== undefined
      ? await options.testGlobsOf(project.root, (include) =>
          suiteCandidates(include, options.out, DEFAULT_SUITE_FILE),
        )
      : undefined;
  const suitePath = suiteFileFor(globs, options.out, DEFAULT_SUITE_FILE);
  const suiteFile = path.resolve(project.root, suitePath.file);
  const files = writesSuite ? [configFile, suiteFile] : [configFile];
  // A project has one config: a `.json` beside its `.js` config would stop every command.
  const other = CONFIG_FILE_NAMES.find(
    (name) => name !== INIT_CONFIG_FILE && existsSync(path.join(project.root, name)),
  );
  if (other !== undefined)
    throw new ConfigError(
      `init: the project already has a config, ${other}, and init writes ${INIT_CONFIG_FILE}. Keep ${other} and add to it by hand, or remove it first.`,
    );
  assertWritable(files, project.root, { force: options.force });
  let plan: ContractPlan | undefined;
  let suite: string | undefined;
  let authorization: AuthorizationPlan | undefined;
  // A config init replaces (--force) keeps its allowed values: the user listed them.
  const allowedValues = configuredAllowedValues(configFile);
  if (options.server !== undefined) {
    const split = splitCommand(options.server);
    const server: ServerCommand = { ...split, env: { ...split.env, ...options.env } };
    const given = givenPaths(server, project.root);
    const probe = await probeServer(server, { timeoutMs: options.timeoutMs, cwd: project.root });
    const allowed = [
      ...given.flatMap((value) => absolutePaths(value, project.root)),
      ...allowedValues,
    ];
    try {
      plan = await planContractCases(probe, {
        profile: PROFILE,
        allowDestructive: options.allowDestructive === true,
        allowedValues: allowed,
      });
    } finally {
      await probe.close();
    }
    const logFinding = logLeakOf(probe.logLines(), allowed);
    if (logFinding !== undefined)
      plan = { ...plan, findings: [...plan.findings, `its log (stderr): ${logFinding}`] };
    suite = contractSuiteSource({
      serverName: probe.serverName,
      server,
      cwdFromTestDir: relativeDir(path.dirname(suiteFile), project.root),
      profile: PROFILE,
      cases: plan.cases,
      givenPaths: given,
      allowedValues,
      sessions: plan.sessions,
      ...(logFinding === undefined ? {} : { logFinding }),
    });
  }
  if (remote !== undefined) {
    ({ plan, suite, authorization } = await probeRemoteSuite(remote, options, allowedValues));
  }
  const config = allowedValues.length === 0 ? INIT_CONFIG : { ...INIT_CONFIG, allowedValues };
  writeTextFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
  if (suite !== undefined) writeTextFile(suiteFile, suite);
  const written = suite === undefined ? [configFile] : [configFile, suiteFile];
  const steps = nextSteps({
    project,
    written,
    ...(suite === undefined ? {} : { suite: { ...suitePath, include: globs?.include ?? [] } }),
    ...(plan === undefined ? {} : { plan }),
    ...(remote === undefined
      ? {}
      : { remote: { headers: [...remote.headers, ...remote.lowScopeHeaders], authorization } }),
  });
  // A server may echo a credential in an answer init quotes: never print one.
  const text = remote === undefined ? steps : remote.redact(steps);
  return {
    project,
    written,
    ...(plan === undefined ? {} : { plan }),
    ...(authorization === undefined ? {} : { authorization }),
    text,
  };
}

/** `--url` and its headers, checked before anything else; `undefined` without `--url`. */
function remoteOf(options: InitOptions): RemoteServer | undefined {
  const headers = [...(options.headers ?? []), ...(options.lowScopeHeaders ?? [])];
  if (options.url === undefined) {
    if (headers.length > 0)
      throw new ConfigError(
        'init --header: headers are sent to a remote server only. Pass --url http://…/mcp too.',
      );
    return undefined;
  }
  if (options.server !== undefined)
    throw new ConfigError(
      'init: --server (a stdio command) and --url (a remote server) exclude each other. Pass one.',
    );
  return remoteServer({
    url: options.url,
    headers: options.headers ?? [],
    lowScopeHeaders: options.lowScopeHeaders ?? [],
  });
}

/** Probes the remote server case by case, then its authorization, and writes the suite's source. */
async function probeRemoteSuite(
  remote: RemoteServer,
  options: InitOptions,
  allowedValues: readonly string[],
): Promise<{ plan: ContractPlan; suite: string; authorization: AuthorizationPlan }> {
  const probe = await probeHttpServer(remote, remote.headers, { timeoutMs: options.timeoutMs });
  let plan: ContractPlan;
  try {
    plan = await planContractCases(probe, {
      profile: PROFILE,
      allowDestructive: options.allowDestructive === true,
      allowedValues,
    });
  } finally {
    await probe.close();
  }
  const authorization = await probeAuthorization(remote, probe.tools, {
    timeoutMs: options.timeoutMs,
    allowDestructive: options.allowDestructive === true,
  });
  const suite = remoteSuiteSource({
    serverName: probe.serverName,
    url: remote.url.href,
    headers: remote.headers,
    lowScopeHeaders: remote.lowScopeHeaders,
    profile: PROFILE,
    cases: plan.cases,
    authorization,
    allowedValues,
  });
  return { plan, suite: remote.redact(suite), authorization };
}

/** `allowedValues` of the config file init is about to replace, read leniently. */
function configuredAllowedValues(file: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const values = (parsed as { allowedValues?: unknown } | null)?.allowedValues;
  return Array.isArray(values)
    ? values.filter((value): value is string => typeof value === 'string' && value !== '')
    : [];
}

/** `from` → `to` as a URL path ending in `/`, for `new URL(…, import.meta.url)`. */
function relativeDir(from: string, to: string): string {
  const relative = path.relative(from, to).split(path.sep).join('/');
  return relative === '' ? './' : `${relative}/`;
}

/**
 * What the server's log (stderr) leaked while init probed it, in a sentence, or `undefined`: the
 * generated suite's log check is then a finding, not a test that fails on the first run.
 */
function logLeakOf(lines: readonly string[], allowedValues: readonly string[]): string | undefined {
  const [leak, ...more] = checkLog(lines, { allowedValues });
  if (leak === undefined) return undefined;
  const others = more.length === 0 ? '' : ` (and ${more.length} more line(s))`;
  return `[sanitize.leak] ${leak.message}${others}`;
}
