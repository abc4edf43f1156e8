import { describe, expect, it } from 'vitest';
import { driveSdkHttpClient, POST_CAP } from '../../src/fuzz/http/drive-sdk-http-client.js';
import {
  formatHttpFuzzReport,
  fuzzSdkHttp,
  judgeHttpCall,
  MAX_POSTS,
} from '../../src/fuzz/http/fuzz-sdk-http.js';
import type { HttpAnswer, HttpFuzzCase } from '../../src/fuzz/http/http-fuzz-case.js';

const METADATA = 'http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp';

function stepUp(scope: string): HttpAnswer {
  return {
    status: 403,
    challenge: `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${METADATA}"`,
    body: '{"error":"insufficient_scope"}',
  };
}

describe('judgeHttpCall', () => {
  const refused: HttpFuzzCase = { provider: false, answers: [stepUp('a:b')] };

  it('should break auth-not-result only when a never-granted call resolves', () => {
    expect(judgeHttpCall('auth-not-result', refused, { posts: 1, outcome: 'result' })).toMatch(
      /never granted/,
    );
    expect(judgeHttpCall('auth-not-result', refused, { posts: 1, outcome: 'error' })).toBeNull();
    const granted = { ...refused, answers: [stepUp('a:b'), { status: 200, body: '{}' }] };
    expect(judgeHttpCall('auth-not-result', granted, { posts: 2, outcome: 'result' })).toBeNull();
  });

  it('should break bounded-step-up above a few POSTs, and challenge-no-crash on a crash or a hang', () => {
    expect(
      judgeHttpCall('bounded-step-up', refused, { posts: MAX_POSTS, outcome: 'error' }),
    ).toBeNull();
    expect(
      judgeHttpCall('bounded-step-up', refused, { posts: MAX_POSTS + 1, outcome: 'error' }),
    ).toMatch(/sent 5 tools\/call POSTs/);
    expect(judgeHttpCall('challenge-no-crash', refused, { posts: 1, outcome: 'pending' })).toMatch(
      /neither resolved nor rejected/,
    );
    expect(
      judgeHttpCall('challenge-no-crash', refused, { posts: 1, outcome: 'error', crash: 'boom' }),
    ).toBe('boom');
  });
});

describe('driveSdkHttpClient (the real SDK client, a fake fetch)', () => {
  it('should see a 403 without an auth provider come back as an error after one POST', async () => {
    const observation = await driveSdkHttpClient({ provider: false, answers: [stepUp('a:b')] });

    expect(observation).toEqual({ posts: 1, outcome: 'error' });
  });

  it('should see the step-up stop after one retry when the challenge repeats', async () => {
    const observation = await driveSdkHttpClient({ provider: true, answers: [stepUp('a:b')] });

    expect(observation).toEqual({ posts: 2, outcome: 'error' });
  });

  it('should see the step-up loop up to the cap when the challenge alternates', async () => {
    const observation = await driveSdkHttpClient({
      provider: true,
      answers: [stepUp('a:b'), stepUp('a:b c:d')],
    });

    expect(observation).toEqual({ posts: POST_CAP + 1, outcome: 'error' });
  });
});

describe('fuzzSdkHttp', () => {
  it('should find the unbounded step-up, shrunk, with a replayable seed and path', async () => {
    const report = await fuzzSdkHttp({ runs: 200, seed: 20_261_201 });

    const byName = Object.fromEntries(report.properties.map((p) => [p.name, p]));
    expect(report.failed).toBe(true);
    expect(byName['auth-not-result']?.status).toBe('passed');
    expect(byName['challenge-no-crash']?.status).toBe('passed');
    const example = byName['bounded-step-up']?.counterexample;
    expect(example?.case.provider).toBe(true);
    expect(new Set(example?.case.answers.map((answer) => answer.challenge)).size).toBeGreaterThan(
      1,
    );
    expect(example?.observation.posts).toBeGreaterThan(MAX_POSTS);
    expect(formatHttpFuzzReport(report)).toContain(
      `replay: envelope-mutants fuzz --decoder mcp-sdk-http --seed 20261201 --path ${example?.path ?? ''}`,
    );
  }, 120_000);
});
