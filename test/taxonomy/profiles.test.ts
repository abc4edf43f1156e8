import { describe, expect, it } from 'vitest';
import { PROFILES, getProfile } from '../../src/taxonomy/profiles/profiles.js';
import { PROFILE_NAMES } from '../../src/taxonomy/taxonomy.js';

const classOf = (profile: string, name: string) =>
  getProfile(profile).failureClasses.find((rule) => rule.name === name);
const codeOf = (profile: string, code: number) =>
  getProfile(profile).codes.find((doc) => doc.code === code);

describe('getProfile', () => {
  it('should show a non-string name by its type, not as a quoted name', () => {
    expect(() => getProfile(2025, 'config.profile')).toThrow(
      'config.profile: number is not a known profile. Use one of: jsonrpc-2.0, mcp-2025-06-18, mcp-2025-11-25, mcp-2026-07-28.',
    );
    expect(() => getProfile(null)).toThrow(/^profile: object is not a known profile\./);
  });

  it('should quote a string name it does not know (negative control)', () => {
    expect(() => getProfile('2025')).toThrow(/^profile: "2025" is not a known profile\./);
  });
});

describe('built-in profiles', () => {
  it('should have one profile per name, each citing its sources', () => {
    for (const name of PROFILE_NAMES) {
      expect(PROFILES[name].name).toBe(name);
      expect(PROFILES[name].sources.length).toBeGreaterThan(0);
    }
  });

  it('should allow null ids only under jsonrpc-2.0 and require resultType only under 2026-07-28', () => {
    expect(PROFILE_NAMES.filter((name) => PROFILES[name].allowsNullId)).toEqual(['jsonrpc-2.0']);
    expect(PROFILE_NAMES.filter((name) => PROFILES[name].requiresResultType)).toEqual([
      'mcp-2026-07-28',
    ]);
  });

  it('should document the five JSON-RPC 2.0 codes in every profile', () => {
    for (const name of PROFILE_NAMES) {
      for (const code of [-32700, -32600, -32601, -32602, -32603])
        expect(codeOf(name, code)?.status, `${name} ${code}`).toBe('current');
    }
  });

  it('should move invalid tool arguments from the protocol layer to the tool layer with SEP-1303', () => {
    expect(classOf('mcp-2025-06-18', 'tool-input-invalid')).toMatchObject({
      layer: 'protocol',
      code: -32602,
    });
    expect(classOf('mcp-2025-11-25', 'tool-input-invalid')?.layer).toBe('tool');
    expect(classOf('mcp-2025-11-25', 'unknown-tool')).toMatchObject({
      layer: 'protocol',
      code: -32602,
    });
  });

  it('should follow -32002 and -32042 across revisions', () => {
    expect(codeOf('mcp-2025-06-18', -32042)).toBeUndefined();
    expect(codeOf('mcp-2025-11-25', -32042)?.status).toBe('current');
    expect(codeOf('mcp-2026-07-28', -32042)?.status).toBe('retired');
    expect(codeOf('mcp-2025-11-25', -32002)?.status).toBe('current');
    expect(codeOf('mcp-2026-07-28', -32002)).toMatchObject({
      status: 'legacy',
      replacedBy: -32602,
    });
    expect(classOf('mcp-2026-07-28', 'resource-not-found')?.code).toBe(-32602);
  });

  it('should add the 2026-07-28 codes and its reserved band', () => {
    for (const code of [-32020, -32021, -32022])
      expect(codeOf('mcp-2026-07-28', code)?.status).toBe('current');
    expect(classOf('mcp-2026-07-28', 'unsupported-protocol-version')?.code).toBe(-32022);
    expect(getProfile('mcp-2026-07-28').reservedBands).toContainEqual(
      expect.objectContaining({ min: -32099, max: -32020 }),
    );
  });

  it('should give every MCP profile the failure classes of the contract matrix', () => {
    const names = [
      'parse-error',
      'invalid-request',
      'unknown-method',
      'invalid-params',
      'unknown-tool',
      'tool-input-invalid',
      'tool-execution',
      'domain-rejection',
      'provider-failure',
      'internal-error',
      'resource-not-found',
    ];
    for (const profile of ['mcp-2025-06-18', 'mcp-2025-11-25', 'mcp-2026-07-28']) {
      for (const name of names) expect(classOf(profile, name), `${profile} ${name}`).toBeDefined();
    }
  });

  it('should keep every protocol class code documented and current in its own profile', () => {
    for (const name of PROFILE_NAMES) {
      for (const rule of PROFILES[name].failureClasses) {
        if (rule.layer === 'protocol')
          expect(codeOf(name, rule.code ?? 0)?.status, `${name} ${rule.name}`).toBe('current');
        else expect(rule.code).toBeUndefined();
      }
    }
  });
});
