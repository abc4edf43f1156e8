import { Ajv, type ValidateFunction } from 'ajv';
import { schema } from 'mutation-testing-report-schema';
import { ConfigError } from '../config/config-error.js';
import { isJsonObject } from '../envelope/json-value.js';
import { REPORT_EXTENSION, type EnvelopeMutationReport } from './envelope-report.js';

let _validate: ValidateFunction | undefined;

function _validator(): ValidateFunction {
  // The schema's one `format` (branding.homepageUrl: uri) is not used by us; ajv-formats is not
  // a dependency, so formats are not validated rather than rejected as unknown.
  _validate ??= new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
  return _validate;
}

/** The schema violations of `value` as `instancePath message` lines; empty when it is valid. */
export function reportSchemaErrors(value: unknown): readonly string[] {
  const validate = _validator();
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath === '' ? '/' : error.instancePath} ${error.message ?? ''}`,
  );
}

/**
 * Checks that `value` (parsed from `where`) is a mutation-testing-report-schema report written by
 * envelope-mutants; throws a ConfigError naming `where` otherwise.
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
  if (!isJsonObject(value) || !isJsonObject(value[REPORT_EXTENSION])) {
    throw new ConfigError(
      `${where}: the report has no "${REPORT_EXTENSION}" member, so it was not written by envelope-mutants. ` +
        'Pass a mutation.json written by envelope-mutants run.',
    );
  }
  for (const [name, file] of Object.entries(value['files'] as Record<string, unknown>)) {
    if (!isJsonObject(file) || !isJsonObject(file[REPORT_EXTENSION])) {
      throw new ConfigError(
        `${where}: file "${name}" has no "${REPORT_EXTENSION}" member. ` +
          'Pass a mutation.json written by envelope-mutants run.',
      );
    }
  }
}
