import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const code = (value: number) => ({
  code: value,
  name: 'Quota exceeded',
  meaning: 'The account is over quota.',
});

describe('resolveTaxonomy', () => {
  it('should default to mcp-2025-11-25 with the default policy last', () => {
    // Act
    const taxonomy = resolveTaxonomy();

    // Assert
    expect(taxonomy.profile.name).toBe('mcp-2025-11-25');
    expect(taxonomy.retryTable.at(-1)).toEqual({ when: {}, action: 'show-tool-error' });
    expect(taxonomy.retryTable).toHaveLength(5);
  });

  it('should list the valid profile names for an unknown profile', () => {
    expect(() => resolveTaxonomy({ profile: 'mcp-2024' })).toThrow(
      'profile: "mcp-2024" is not a known profile. Use one of: jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28.',
    );
  });

  it('should add project codes, failure classes and retry rows', () => {
    const taxonomy = resolveTaxonomy({
      taxonomy: {
        codes: [code(-32001)],
        failureClasses: {
          'quota-exceeded': { layer: 'protocol', code: -32001 },
          'unknown-tool': { layer: 'tool' },
        },
        retryTable: [{ when: { failureClass: 'quota-exceeded' }, action: 'ask-user' }],
      },
    });

    expect(taxonomy.codes.get(-32001)).toMatchObject({ source: 'project', status: 'current' });
    expect(taxonomy.failureClasses.get('quota-exceeded')).toMatchObject({
      layer: 'protocol',
      code: -32001,
    });
    expect(taxonomy.failureClasses.get('unknown-tool')?.layer).toBe('tool');
    expect(taxonomy.retryTable[0]?.action).toBe('ask-user');
    expect(taxonomy.retryTable).toHaveLength(6);
  });

  it('should refuse to redefine a standard code and say where to pick one', () => {
    const call = () =>
      resolveTaxonomy({ profile: 'mcp-2026-07-28', taxonomy: { codes: [code(-32602)] } });

    expect(call).toThrow(ConfigError);
    expect(call).toThrow(
      'taxonomy.codes[0]: code -32602 is the standard "Invalid params" of JSON-RPC 2.0 §5.1 and cannot be redefined. Pick a code in -32000..-32019 or outside -32768..-32000.',
    );
  });

  it('should offer the whole server-error band under profiles without the MCP reservation', () => {
    expect(() => resolveTaxonomy({ taxonomy: { codes: [code(-32603)] } })).toThrow(
      'Pick a code in -32000..-32099',
    );
  });

  it.each([
    ['an MCP code', 'mcp-2025-11-25', -32002, /is the mcp-2025-11-25 "Resource not found"/],
    ['a legacy code', 'mcp-2026-07-28', -32002, /cannot be redefined/],
    [
      'the 2026 reserved band',
      'mcp-2026-07-28',
      -32050,
      /in -32099\.\.-32020, reserved by MCP 2026-07-28/,
    ],
    [
      'the JSON-RPC reserved band',
      'jsonrpc-2.0',
      -32500,
      /in -32768\.\.-32100, reserved by JSON-RPC 2\.0/,
    ],
  ])('should refuse %s', (_name, profile, value, message) => {
    expect(() => resolveTaxonomy({ profile, taxonomy: { codes: [code(value)] } })).toThrow(message);
  });

  it('should accept -32050 under mcp-2025-11-25 (negative control for the 2026 band)', () => {
    expect(resolveTaxonomy({ taxonomy: { codes: [code(-32050)] } }).codes.has(-32050)).toBe(true);
  });

  it.each([
    ['mcp-2026-07-28', -32019, true],
    ['mcp-2026-07-28', -32020, false],
    ['mcp-2026-07-28', -32099, false],
    ['mcp-2025-11-25', -32099, true],
    ['jsonrpc-2.0', -32100, false],
    ['jsonrpc-2.0', -32768, false],
    ['jsonrpc-2.0', -32769, true],
    ['jsonrpc-2.0', -31999, true],
  ])('should decide at the band edges: under %s code %i is free: %s', (profile, value, free) => {
    const call = () => resolveTaxonomy({ profile, taxonomy: { codes: [code(value)] } });

    if (free) expect(call().codes.get(value)?.source).toBe('project');
    else expect(call).toThrow(ConfigError);
  });

  it('should describe the received value in shape errors', () => {
    expect(() =>
      resolveTaxonomy({ taxonomy: { codes: [{ code: 'x'.repeat(50), name: 'a', meaning: 'b' }] } }),
    ).toThrow(
      `taxonomy.codes[0].code: expected an integer but received string "${'x'.repeat(40)}…". JSON-RPC 2.0 §5.1 error codes are integers.`,
    );
    expect(() =>
      resolveTaxonomy({ taxonomy: { codes: [{ code: true, name: 'a', meaning: 'b' }] } }),
    ).toThrow('received boolean true.');
    expect(() => resolveTaxonomy({ taxonomy: { codes: null } })).toThrow('but received null.');
    expect(() => resolveTaxonomy({ taxonomy: { codes: [[]] } })).toThrow(
      'taxonomy.codes[0]: expected an object {code, name, meaning} but received an array.',
    );
    expect(() =>
      resolveTaxonomy({ taxonomy: { codes: [{ code: 7, name: ' ', meaning: 'b' }] } }),
    ).toThrow('taxonomy.codes[0].name: expected a non-empty string but received string " ".');
  });

  it('should keep a project description and default a missing one', () => {
    const taxonomy = resolveTaxonomy({
      taxonomy: {
        failureClasses: {
          quota: { layer: 'tool', description: 'Over quota.' },
          busy: { layer: 'tool' },
        },
      },
    });

    expect(taxonomy.failureClasses.get('quota')?.description).toBe('Over quota.');
    expect(taxonomy.failureClasses.get('busy')?.description).toBe('Project failure class busy.');
  });

  it('should list the taxonomy keys for an unknown one', () => {
    expect(() => resolveTaxonomy({ taxonomy: { retry: [] } })).toThrow(
      'taxonomy.retry: unknown key. Use codes, failureClasses, retryTable.',
    );
  });

  it('should throw a ConfigError for options that are not an object', () => {
    expect(() => resolveTaxonomy(7 as never)).toThrow(
      'resolveTaxonomy: expected an options object but received number 7.',
    );
  });

  it.each([
    ['a non-object taxonomy', 'x', /^taxonomy: expected an object/],
    ['an unknown key', { codez: [] }, /^taxonomy\.codez: unknown key/],
    ['codes that are not an array', { codes: {} }, /^taxonomy\.codes: expected an array/],
    [
      'a fractional code',
      { codes: [{ code: 1.5, name: 'x', meaning: 'y' }] },
      /^taxonomy\.codes\[0\]\.code: expected an integer/,
    ],
    ['a nameless code', { codes: [{ code: 7, meaning: 'y' }] }, /^taxonomy\.codes\[0\]\.name:/],
    [
      'a duplicate code',
      { codes: [code(7), code(7)] },
      /^taxonomy\.codes\[1\]: code 7 is documented twice/,
    ],
    [
      'a class without layer',
      { failureClasses: { quota: {} } },
      /^taxonomy\.failureClasses\.quota\.layer:/,
    ],
    [
      'a class name in camelCase',
      { failureClasses: { quotaExceeded: { layer: 'tool' } } },
      /kebab-case/,
    ],
    [
      'a tool class with a code',
      { failureClasses: { quota: { layer: 'tool', code: -32602 } } },
      /only protocol failures carry a code/,
    ],
    [
      'a class with an undocumented code',
      { failureClasses: { quota: { layer: 'protocol', code: 7 } } },
      /7 is not a current documented code/,
    ],
    [
      'a retry row with an unknown action',
      { retryTable: [{ when: {}, action: 'panic' }] },
      /^taxonomy\.retryTable\[0\]\.action:/,
    ],
    [
      'a retry row with an unknown field',
      { retryTable: [{ when: { severity: 1 }, action: 'ask-user' }] },
      /^taxonomy\.retryTable\[0\]\.when\.severity: not a FailureContext field/,
    ],
    [
      'a retry row with a string flag',
      { retryTable: [{ when: { transient: 'yes' }, action: 'ask-user' }] },
      /^taxonomy\.retryTable\[0\]\.when\.transient: expected a boolean/,
    ],
  ])('should throw a ConfigError naming the field for %s', (_name, taxonomy, message) => {
    const call = () => resolveTaxonomy({ taxonomy });

    expect(call).toThrow(ConfigError);
    expect(call).toThrow(message);
  });
});
