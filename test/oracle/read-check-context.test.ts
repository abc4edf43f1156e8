import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { readCheckContext } from '../../src/oracle/read-check-context.js';
import { resolveTaxonomy } from '../../src/taxonomy/resolve-taxonomy.js';

const taxonomy = resolveTaxonomy();

describe('readCheckContext', () => {
  it('should resolve a context read twice to the same expectation', () => {
    const context = { canaries: ['CANARY-Zq81xYt0pL'], expected: { failureClass: 'unknown-tool' } };

    const first = readCheckContext(context, taxonomy);
    const second = readCheckContext(context, taxonomy);

    expect(second).toEqual(first);
    expect(second.expected).toEqual({
      layer: 'protocol',
      code: -32602,
      failureClass: 'unknown-tool',
    });
  });

  it('should validate again an array element changed in place', () => {
    const context = { canaries: ['CANARY-Zq81xYt0pL'] };
    readCheckContext(context, taxonomy);

    context.canaries[0] = '';

    expect(() => readCheckContext(context, taxonomy)).toThrow(ConfigError);
  });

  it('should resolve again an expectation changed in place', () => {
    const context = { expected: { layer: 'tool' as string } };
    expect(readCheckContext(context, taxonomy).expected).toEqual({ layer: 'tool' });

    context.expected.layer = 'success';

    expect(readCheckContext(context, taxonomy).expected).toEqual({ layer: 'success' });
  });

  it('should resolve again under another taxonomy', () => {
    const context = { expected: { failureClass: 'tool-execution' } };
    readCheckContext(context, taxonomy);

    const plain = resolveTaxonomy({ profile: 'jsonrpc-2.0' });

    expect(() => readCheckContext(context, plain)).toThrow(ConfigError);
  });

  it('should throw on every read of an invalid context', () => {
    const context = { method: 1 };

    expect(() => readCheckContext(context, taxonomy)).toThrow(ConfigError);
    expect(() => readCheckContext(context, taxonomy)).toThrow(ConfigError);
  });
});
