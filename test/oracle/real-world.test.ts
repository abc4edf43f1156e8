import { describe, expect, it } from 'vitest';
import { check } from '../../src/oracle/check.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';
import {
  protocolError,
  sdkDemotedUnknownTool,
  sdkInputValidationError,
  toolError,
} from './fixtures.js';

const rulesOf = (violations: readonly { rule: string }[]) =>
  violations.map((violation) => violation.rule);

describe('check on failures seen in real servers', () => {
  it('should report mcp.layer for the SDK 1.32 unknown-tool answer under mcp-2025-11-25', () => {
    // Arrange
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });

    // Act
    const violations = check(sdkDemotedUnknownTool(7), { requestId: 7 }, taxonomy);

    // Assert
    expect(rulesOf(violations)).toEqual(['mcp.layer']);
    expect(violations[0]?.message).toContain('MCP error -32602');
  });

  it('should report mcp.layer for the SDK answer when the test expects unknown-tool', () => {
    const taxonomy = resolveTaxonomy();

    const violations = check(
      sdkDemotedUnknownTool(7),
      { requestId: 7, expected: { failureClass: 'unknown-tool' } },
      taxonomy,
    );

    expect(rulesOf(violations)).toEqual(['mcp.layer']);
  });

  it('should accept the SDK input-validation tool error under mcp-2025-11-25 (SEP-1303)', () => {
    expect(check(sdkInputValidationError(7), { requestId: 7 }, resolveTaxonomy())).toEqual([]);
  });

  it('should report the SDK input-validation tool error under mcp-2025-06-18, where it is a protocol error', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-06-18' });

    expect(rulesOf(check(sdkInputValidationError(7), { requestId: 7 }, taxonomy))).toEqual([
      'mcp.layer',
    ]);
  });

  it('should report jsonrpc.id for a response id "1" to request 1', () => {
    const violations = check(toolError('1'), { requestId: 1 }, resolveTaxonomy());

    expect(rulesOf(violations)).toEqual(['jsonrpc.id']);
    expect(violations[0]?.message).toBe(
      'Invalid id: Expected the request id 1 (number) but received "1" (string)',
    );
  });

  it.each(PROFILE_NAMES)(
    'should report mcp.content for result {} to tools/call under %s',
    (profile) => {
      const taxonomy = resolveTaxonomy({ profile });
      const resultType = taxonomy.profile.requiresResultType ? { resultType: 'complete' } : {};

      const violations = check(
        { jsonrpc: '2.0', id: 3, result: { ...resultType } },
        { requestId: 3, method: 'tools/call' },
        taxonomy,
      );

      expect(rulesOf(violations)).toEqual(['mcp.content']);
    },
  );

  it('should report jsonrpc.error-code for -32002 from a 2026-07-28 server and say it is legacy', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
    const envelope = protocolError(5, -32002, 'Resource not found');

    const violations = check(envelope, { requestId: 5 }, taxonomy);

    expect(rulesOf(violations)).toEqual(['jsonrpc.error-code']);
    expect(violations[0]?.message).toContain('legacy');
    expect(violations[0]?.message).toContain('-32602');
  });

  it('should accept -32002 for resource-not-found under mcp-2025-11-25 (negative control)', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });

    const violations = check(
      protocolError(5, -32002, 'Resource not found'),
      { requestId: 5, expected: { failureClass: 'resource-not-found' } },
      taxonomy,
    );

    expect(violations).toEqual([]);
  });

  it('should expect -32602 for resource-not-found under mcp-2026-07-28', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2026-07-28' });
    const context = { requestId: 5, expected: { failureClass: 'resource-not-found' } };

    expect(check(protocolError(5, -32602, 'Resource not found'), context, taxonomy)).toEqual([]);
    expect(
      rulesOf(check(protocolError(5, -32002, 'Resource not found'), context, taxonomy)),
    ).toEqual(['jsonrpc.error-code']);
  });

  it('should accept invalid tool arguments as -32602 under mcp-2025-06-18', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-06-18' });
    const context = { requestId: 9, expected: { failureClass: 'tool-input-invalid' } };

    const violations = check(protocolError(9, -32602, 'Invalid arguments'), context, taxonomy);

    expect(violations).toEqual([]);
  });

  it('should report mcp.layer for invalid tool arguments as -32602 under mcp-2025-11-25 (SEP-1303)', () => {
    const taxonomy = resolveTaxonomy({ profile: 'mcp-2025-11-25' });
    const context = { requestId: 9, expected: { failureClass: 'tool-input-invalid' } };

    const violations = check(protocolError(9, -32602, 'Invalid arguments'), context, taxonomy);

    expect(rulesOf(violations)).toEqual(['mcp.layer']);
    expect(check(toolError(9, 'date must be in the future'), context, taxonomy)).toEqual([]);
  });
});
