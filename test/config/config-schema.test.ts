import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { REPORTER_NAMES } from '../../src/config/config-input.js';
import { configSchema } from '../../src/config/config-schema.js';
import { CONFIG_DEFAULTS } from '../../src/config/resolved-config.js';
import { validateConfigInput } from '../../src/config/validate-config-input.js';
import { RULE_NAMES } from '../../src/oracle/rule-name.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';

const SCHEMA_FILE = new URL('../../schema/envelope-mutants.config.schema.json', import.meta.url);

interface SchemaNode {
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly additionalProperties?: SchemaNode | boolean;
}

function property(name: string): SchemaNode {
  const node = (configSchema() as SchemaNode).properties?.[name];
  if (node === undefined) throw new Error(`the schema has no property ${name}`);
  return node;
}

describe('the published config schema', () => {
  it('should be a valid JSON schema that ajv compiles in strict mode', () => {
    // Arrange
    const schema: unknown = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });

    // Act
    const valid = ajv.validateSchema(schema as object);
    const compile = (): unknown => ajv.compile(schema as object);

    // Assert
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(compile).not.toThrow();
  });

  it('should list exactly the profiles, rules and reporters of the code', () => {
    expect(property('profile').enum).toEqual([...PROFILE_NAMES]);
    const labelTarget = property('labels').additionalProperties;
    expect(typeof labelTarget === 'object' ? labelTarget.enum : null).toEqual([...RULE_NAMES]);
    expect(property('reporters').items?.enum).toEqual([...REPORTER_NAMES]);
  });

  it('should document the defaults the loader uses', () => {
    expect(property('profile').default).toBe(CONFIG_DEFAULTS.profile);
    expect(property('seed').default).toBe(CONFIG_DEFAULTS.seed);
    expect(property('strict').default).toBe(CONFIG_DEFAULTS.strict);
    expect(property('reporters').default).toEqual(CONFIG_DEFAULTS.reporters);
    expect(property('reportDir').default).toBe(CONFIG_DEFAULTS.reportDir);
    expect(property('timeoutMs').default).toBe(CONFIG_DEFAULTS.timeoutMs);
    expect(property('timeoutFactor').default).toBe(CONFIG_DEFAULTS.timeoutFactor);
    const thresholds = property('thresholds').properties ?? {};
    expect({
      high: thresholds['high']?.default,
      low: thresholds['low']?.default,
      break: thresholds['break']?.default,
    }).toEqual(CONFIG_DEFAULTS.thresholds);
  });

  it('should accept an empty config and a config carrying its $schema', () => {
    expect(validateConfigInput({}, 'config')).toEqual({});
    const withSchema = { $schema: './node_modules/envelope-mutants/schema/x.json' };
    expect(validateConfigInput(withSchema, 'config')).toEqual(withSchema);
  });

  it('should reject a config that is not an object', () => {
    expect(() => validateConfigInput([], 'config')).toThrow(
      /^config: expected object but received an empty array\./,
    );
  });

  it('should report an empty label once', () => {
    // Arrange
    const config = { labels: { '': 'jsonrpc.id' } };

    // Act
    const act = (): unknown => validateConfigInput(config, 'config');

    // Assert
    expect(act).toThrow(/^config: labels: a key may not be the empty string\. See the schema/);
  });
});
