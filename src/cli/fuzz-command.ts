import path from 'node:path';
import type { RegisterCommand } from './register-command.js';
import { ConfigError } from '../errors.js';
import { integerFlag } from './config-flags.js';
import { PROFILE_NAMES, type ProfileName } from '../taxonomy/taxonomy.js';
import { formatFuzzReport } from '../fuzz/format-fuzz-report.js';
import { fuzzDecoder } from '../fuzz/fuzz-decoder.js';
import { fuzzFixtureFileName, toFuzzFixture } from '../fuzz/fuzz-fixture.js';
import { fuzzSdkHttp, formatHttpFuzzReport } from '../fuzz/http/fuzz-sdk-http.js';
import { loadDecoder } from '../fuzz/load-decoder.js';
import { isReplayPath } from '../fuzz/read-fuzz-options.js';
import { writeArtifact } from '../secrets/write-artifact.js';

interface FuzzFlagValues {
  readonly decoder: string;
  readonly profile?: string;
  readonly runs?: string;
  readonly seed?: string;
  readonly path?: string;
  readonly out: string;
}

/** Where fixtures go unless `--out` says otherwise (relative to the working directory). */
export const DEFAULT_FUZZ_OUT = path.join('reports', 'envelope-mutants', 'fuzz');

/**
 * `envelope-mutants fuzz`: drives a client decoder with valid and malformed envelopes, prints
 * each broken property with its shrunk counterexample and replay line, writes one JSON fixture
 * per counterexample. Exit 0 when every property holds, 1 when one is broken, 2 on bad input.
 */
export const registerFuzzCommand: RegisterCommand = (program, setExit) => {
  program
    .command('fuzz')
    .description(
      'fuzz a client decoder with valid and malformed envelopes (MCP SDK adapter: --decoder mcp-sdk)',
    )
    .requiredOption(
      '--decoder <spec>',
      'mcp-sdk, mcp-sdk-http, or <module>#<export> naming a Decoder',
    )
    .option('--profile <name>', `taxonomy profile: ${PROFILE_NAMES.join(', ')}`)
    .option('--runs <n>', 'cases per property search (default 1000)')
    .option('--seed <n>', 'fast-check seed (printed with every counterexample)')
    .option('--path <path>', 'fast-check path: with --seed, replays exactly one case')
    .option('--out <dir>', 'where counterexample fixtures are written', DEFAULT_FUZZ_OUT)
    .action(async (flags: FuzzFlagValues) => {
      const profile = profileNameOf(flags.profile);
      const runs =
        flags.runs === undefined
          ? undefined
          : integerFlag('--runs', flags.runs, { min: 1, example: 1000 });
      const seed = flags.seed === undefined ? undefined : integerFlag('--seed', flags.seed);
      checkPathFlag(flags.path, seed);
      if (flags.decoder === 'mcp-sdk-http') {
        // The SDK's HTTP client: statuses and challenges, not envelopes (docs/http-layer.md).
        const report = await fuzzSdkHttp({
          ...(runs === undefined ? {} : { runs }),
          ...(seed === undefined ? {} : { seed }),
          ...(flags.path === undefined ? {} : { path: flags.path }),
        });
        process.stdout.write(formatHttpFuzzReport(report));
        setExit(report.failed ? 1 : 0);
        return;
      }
      const decoder = await loadDecoder(flags.decoder, process.cwd());
      const report = await fuzzDecoder(decoder, {
        ...(profile === undefined ? {} : { profile }),
        ...(runs === undefined ? {} : { runs }),
        ...(seed === undefined ? {} : { seed }),
        ...(flags.path === undefined ? {} : { path: flags.path }),
      });
      process.stdout.write(formatFuzzReport(report, flags.decoder));
      const written = await writeFixtures(report, flags.decoder, flags.out);
      for (const file of written) process.stdout.write(`  fixture: ${file}\n`);
      setExit(report.failed ? 1 : 0);
    });
};

async function writeFixtures(
  report: Awaited<ReturnType<typeof fuzzDecoder>>,
  decoderFlag: string,
  out: string,
): Promise<string[]> {
  const examples = report.properties.flatMap((property) =>
    property.counterexample === undefined ? [] : [property.counterexample],
  );
  if (examples.length === 0) return [];
  const written: string[] = [];
  for (const example of examples) {
    const fixture = toFuzzFixture(report, example, decoderFlag);
    const file = path.join(out, fuzzFixtureFileName(fixture));
    await writeArtifact(file, `${JSON.stringify(fixture, null, 2)}\n`);
    written.push(file);
  }
  return written;
}

/**
 * `--path` replays one case of one seed's search: checked here, so that the message names the
 * flags (the API's own check names its options) and holds for `mcp-sdk-http` too.
 */
function checkPathFlag(path: string | undefined, seed: number | undefined): void {
  if (path === undefined) return;
  if (!isReplayPath(path)) {
    throw new ConfigError(
      `--path: "${path}" is not a fast-check path. Copy it from a counterexample's replay line, such as --seed 42 --path 12:0:3.`,
    );
  }
  if (seed === undefined) {
    throw new ConfigError(
      `--path ${path} needs --seed: a path names one case of one seed's search. Pass the seed printed with the counterexample too.`,
    );
  }
}

function profileNameOf(value: string | undefined): ProfileName | undefined {
  if (value === undefined) return undefined;
  if ((PROFILE_NAMES as readonly string[]).includes(value)) return value as ProfileName;
  throw new ConfigError(
    `--profile: unknown profile "${value}". Use one of ${PROFILE_NAMES.join(', ')}.`,
  );
}
