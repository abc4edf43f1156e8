import fc from 'fast-check';
import { driveSdkHttpClient, type HttpCallObservation } from './drive-sdk-http-client.js';
import { httpFuzzCase, neverGranted, type HttpFuzzCase } from './http-fuzz-case.js';

/** The properties `fuzz --decoder mcp-sdk-http` checks. Never rename one once released. */
export const HTTP_PROPERTY_NAMES = [
  'auth-not-result',
  'bounded-step-up',
  'challenge-no-crash',
] as const;
export type HttpPropertyName = (typeof HTTP_PROPERTY_NAMES)[number];

/** "No more than a few times" (MCP 2025-11-25 "Step-Up Authorization Flow"): the first try and 3 retries. */
export const MAX_POSTS = 4;

export interface HttpPropertyResult {
  readonly name: HttpPropertyName;
  readonly status: 'passed' | 'failed';
  readonly counterexample?: {
    readonly seed: number;
    readonly path: string;
    readonly case: HttpFuzzCase;
    readonly observation: HttpCallObservation;
    readonly message: string;
  };
}

export interface HttpFuzzReport {
  readonly decoder: 'mcp-sdk-http';
  readonly seed: number;
  readonly runs: number;
  readonly failed: boolean;
  readonly properties: readonly HttpPropertyResult[];
}

export interface HttpFuzzOptions {
  readonly runs?: number;
  readonly seed?: number;
  readonly path?: string;
}

/** Why `observation` breaks `property` in `fuzzCase`, or null when it holds. */
export function judgeHttpCall(
  property: HttpPropertyName,
  fuzzCase: HttpFuzzCase,
  observation: HttpCallObservation,
): string | null {
  switch (property) {
    case 'auth-not-result':
      // Seed 002: lack of permission is answered at the HTTP layer, never as tool output.
      return neverGranted(fuzzCase) && observation.outcome === 'result'
        ? 'the server never granted the call, yet it resolved with a result'
        : null;
    case 'bounded-step-up':
      return observation.posts > MAX_POSTS
        ? `one call sent ${observation.posts} tools/call POSTs (at most ${MAX_POSTS}: "no more than a few times")`
        : null;
    case 'challenge-no-crash':
      if (observation.crash !== undefined) return observation.crash;
      return observation.outcome === 'pending' ? 'the call neither resolved nor rejected' : null;
  }
}

/**
 * Fuzzes the MCP SDK's HTTP client (`Client` + `StreamableHTTPClientTransport`) with generated
 * statuses, challenges and bodies (`httpFuzzCase`), one property search each; a broken property
 * keeps its shrunk counterexample with the seed and path that replay it.
 */
export async function fuzzSdkHttp(options: HttpFuzzOptions = {}): Promise<HttpFuzzReport> {
  const runs = options.runs ?? 1000;
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const properties: HttpPropertyResult[] = [];
  for (const name of HTTP_PROPERTY_NAMES) {
    const property = fc.asyncProperty(httpFuzzCase, async (fuzzCase) => {
      const observation = await driveSdkHttpClient(fuzzCase);
      return judgeHttpCall(name, fuzzCase, observation) === null;
    });
    const details = await fc.check(property, {
      numRuns: runs,
      seed,
      ...(options.path === undefined ? {} : { path: options.path }),
    });
    const shrunk = details.counterexample?.[0];
    if (!details.failed || shrunk === undefined) {
      properties.push({ name, status: 'passed' });
      continue;
    }
    // The shrunk case is driven once more: its observation is what the report shows.
    const observation = await driveSdkHttpClient(shrunk);
    const message = judgeHttpCall(name, shrunk, observation) ?? 'failed only while searching';
    const path = details.counterexamplePath ?? '';
    properties.push({
      name,
      status: 'failed',
      counterexample: { seed, path, case: shrunk, observation, message },
    });
  }
  return {
    decoder: 'mcp-sdk-http',
    seed,
    runs,
    failed: properties.some((property) => property.status === 'failed'),
    properties,
  };
}

/**
 * The console text: one line per property, the shrunk case and replay line under a broken one.
 *
 * @internal
 */
export function formatHttpFuzzReport(report: HttpFuzzReport): string {
  const lines = [`fuzz mcp-sdk-http (seed ${report.seed}, ${report.runs} runs per property)`];
  for (const property of report.properties) {
    lines.push(`  ${property.status === 'passed' ? 'ok  ' : 'FAIL'} ${property.name}`);
    const example = property.counterexample;
    if (example === undefined) continue;
    lines.push(`       ${example.message}`);
    lines.push(
      `       auth provider: ${example.case.provider ? 'yes (client_credentials)' : 'no'}`,
    );
    for (const [index, answer] of example.case.answers.entries()) {
      const challenge =
        answer.challenge === undefined
          ? 'no WWW-Authenticate'
          : `WWW-Authenticate: ${answer.challenge}`;
      lines.push(`       answer ${index}: ${answer.status}, ${challenge}`);
    }
    lines.push(
      `       observed: ${example.observation.posts} POSTs, ${example.observation.outcome}`,
    );
    lines.push(
      `       replay: envelope-mutants fuzz --decoder mcp-sdk-http --seed ${example.seed} --path ${example.path}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
