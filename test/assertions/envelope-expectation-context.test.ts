import { describe, expect, test } from 'vitest';
import { taxonomyOf } from '../../src/assertions/envelope-expectation-context.js';
import { ConfigError } from '../../src/errors.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

describe('taxonomyOf', () => {
  test('should use a resolved taxonomy as it is', () => {
    // Arrange
    const resolved = resolveTaxonomy({ profile: 'jsonrpc-2.0' });
    // Act
    const taxonomy = taxonomyOf({ taxonomy: resolved, profile: 'mcp-2025-11-25' });
    // Assert
    expect(taxonomy).toBe(resolved);
  });

  test('should resolve a built-in profile once and reuse it', () => {
    // Act
    const first = taxonomyOf();
    const again = taxonomyOf({});
    const named = taxonomyOf({ profile: 'jsonrpc-2.0' });
    // Assert
    expect(again).toBe(first);
    expect(first.profile.name).toBe('mcp-2025-11-25');
    expect(named.profile.name).toBe('jsonrpc-2.0');
    expect(taxonomyOf({ profile: 'jsonrpc-2.0' })).toBe(named);
  });

  test('should resolve the config taxonomy value on the profile it is given', () => {
    // Arrange
    const taxonomy = { retryTable: [{ when: { transient: true }, action: 'ask-user' }] };
    // Act
    const onDefault = taxonomyOf({ taxonomy });
    const onJsonRpc = taxonomyOf({ profile: 'jsonrpc-2.0', taxonomy });
    // Assert
    expect(onDefault.profile.name).toBe('mcp-2025-11-25');
    expect(onJsonRpc.profile.name).toBe('jsonrpc-2.0');
    expect(onJsonRpc.retryTable[0]).toEqual({ when: { transient: true }, action: 'ask-user' });
  });

  test('should refuse a null taxonomy with a ConfigError naming taxonomy', () => {
    // A config file may well hold "taxonomy": null.
    const act = () => taxonomyOf({ taxonomy: null as never });
    expect(act).toThrow(ConfigError);
    expect(act).toThrow(/^taxonomy: expected an object but received null/);
  });

  test('should read an object with codes and failureClasses members that are not maps as config', () => {
    // Arrange: a config value, not a resolved taxonomy, though it has the same member names.
    const taxonomy = { codes: [], failureClasses: {} };
    // Act
    const resolved = taxonomyOf({ taxonomy });
    // Assert
    expect(resolved.codes).toBeInstanceOf(Map);
    expect(resolved).not.toBe(taxonomy);
  });
});
