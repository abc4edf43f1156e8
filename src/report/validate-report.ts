import { Ajv, type ValidateFunction } from 'ajv';
import { schema } from 'mutation-testing-report-schema';
import { ConfigError } from '../errors.js';
import { RULE_NAMES } from '../oracle/rule-name.js';
import { REPORT_EXTENSION, type EnvelopeMutationReport } from './envelope-report.js';

let validate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  // The schema's one `format` (branding.homepageUrl: uri) is not used by us; ajv-formats is not
  // a dependency, so formats are not validated rather than rejected as unknown.
  validate ??= new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
  return validate;
}

/**
 * The schema violations of `value` as `instancePath message` lines; empty when it is valid.
 *
 * @internal
 */
export function reportSchemaErrors(value: unknown): readonly string[] {
  const validate = validator();
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath === '' ? '/' : error.instancePath} ${error.message ?? ''}`,
  );
}

/** A site file's members: its identity, and each mutant's path and verdict details. */
const SITE_FILE_SCHEMA = {
  type: 'object',
  required: [REPORT_EXTENSION],
  properties: {
    [REPORT_EXTENSION]: {
      type: 'object',
      required: ['siteKey', 'kind', 'testFile', 'fileLevel', 'testIds', 'check'],
      properties: {
        siteKey: { type: 'string' },
        kind: { enum: ['envelope', 'decision', 'http', 'log', 'request-id'] },
        testFile: { type: 'string' },
        fileLevel: { type: 'boolean' },
        testIds: { type: 'array', items: { type: 'string' } },
        check: { type: 'object' },
      },
    },
    mutants: {
      type: 'array',
      items: {
        type: 'object',
        required: ['replacement', 'path', 'killedBy', 'coveredBy'],
        properties: {
          replacement: { type: 'string' },
          path: { type: 'array', items: { type: ['string', 'integer'] } },
          killedAt: {
            type: 'object',
            required: ['test', 'rule', 'named'],
            properties: {
              test: { type: 'string' },
              rule: { enum: [...RULE_NAMES, null] },
              named: { type: 'boolean' },
              timedOut: { type: 'boolean' },
            },
          },
          [REPORT_EXTENSION]: {
            type: 'object',
            required: ['verdictSource'],
            properties: {
              verdictSource: { enum: ['isolated', 'batched', 'confirmed', 'reused', 'unobserved'] },
              strayed: {
                type: 'object',
                required: ['planned', 'met'],
                properties: { planned: { type: 'string' }, met: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
} as const;

const PERCENT = { type: 'number', minimum: 0, maximum: 100 } as const;
const PERCENT_OR_NULL = { type: ['number', 'null'], minimum: 0, maximum: 100 } as const;

/**
 * Our extension members, checked after the schema so `diff` and `merge` can trust them: the
 * top-level summary and every site file.
 */
const EXTENSION_SCHEMA = {
  type: 'object',
  required: ['files', REPORT_EXTENSION],
  properties: {
    [REPORT_EXTENSION]: {
      type: 'object',
      required: ['profile', 'seed', 'strict', 'complete', 'thresholds', 'vitestRuns', 'durationMs'],
      properties: {
        profile: { type: 'string' },
        seed: { type: 'number' },
        strict: { type: 'boolean' },
        complete: { type: 'boolean' },
        // Percentages, as the run computed them (null: nothing valid to score).
        mutationScore: PERCENT_OR_NULL,
        namedKillScore: PERCENT_OR_NULL,
        thresholds: {
          type: 'object',
          required: ['high', 'low', 'break'],
          properties: {
            high: PERCENT,
            low: PERCENT,
            break: PERCENT_OR_NULL,
          },
        },
        pool: {
          type: 'object',
          required: ['pool', 'reason'],
          properties: {
            pool: { enum: ['project', 'vmForks'] },
            reason: { type: 'string' },
          },
        },
        shard: {
          type: 'object',
          required: ['index', 'count'],
          properties: {
            index: { type: 'integer', minimum: 1 },
            count: { type: 'integer', minimum: 1 },
            run: { type: 'string' },
          },
        },
      },
    },
    files: {
      type: 'object',
      additionalProperties: {
        // Only sites (`language: "json"`) carry our members: the StrykerJS source files that
        // `run --with-stryker` joins in are plain schema files (see site-file.ts).
        if: { type: 'object', required: ['language'], properties: { language: { const: 'json' } } },
        then: SITE_FILE_SCHEMA,
      },
    },
  },
} as const;

let validateExtension: ValidateFunction | undefined;

/**
 * Checks that `value` (parsed from `where`) is a mutation-testing-report-schema report written by
 * envelope-mutants, extensions included; throws a ConfigError naming `where` otherwise.
 */
export function assertEnvelopeReport(
  value: unknown,
  where: string,
): asserts value is EnvelopeMutationReport {
  const errors = reportSchemaErrors(value);
  if (errors.length > 0) {
    throw new ConfigError(
      `${where}: not a valid mutation-testing-report-schema report (${errors.slice(0, 3).join('; ')}). ` +
        'Pass a mutation.json written by envelope-mutants run.',
    );
  }
  validateExtension ??= new Ajv({ allErrors: true, strict: false }).compile(EXTENSION_SCHEMA);
  if (!validateExtension(value)) {
    const first = validateExtension.errors?.[0];
    // Ajv names the document's root by the empty path; the schema errors above say "/".
    const at =
      first?.instancePath === undefined || first.instancePath === '' ? '/' : first.instancePath;
    throw new ConfigError(
      `${where}: not written by envelope-mutants (${at} ${first?.message ?? 'is not valid'}). ` +
        `Pass a mutation.json written by envelope-mutants run; its "${REPORT_EXTENSION}" members are missing or damaged. ` +
        'A StrykerJS report goes to `envelope-mutants stryker` or to `run --with-stryker`.',
    );
  }
  const { high, low } = (value as EnvelopeMutationReport).envelopeMutants.thresholds;
  if (low > high) {
    throw new ConfigError(
      `${where}: damaged: its thresholds.low (${low}) is above thresholds.high (${high}), which no run writes. Pass a mutation.json written by envelope-mutants run.`,
    );
  }
}
