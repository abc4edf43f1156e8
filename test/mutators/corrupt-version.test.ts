import { describe, it } from 'vitest';
import { corruptVersion } from '../../mutators/corrupt-version.js';
import { NOTIFICATION, PROTOCOL_ERROR, REQUEST, mutatorContext } from './fixtures.js';
import { expectNoVariants, expectVariants } from './mutator-spec.js';

describe('corrupt-version', () => {
  const context = mutatorContext();
  const { jsonrpc: _version, ...unversioned } = PROTOCOL_ERROR;

  it('should yield "1.0", the number 2 and no version', () => {
    expectVariants(corruptVersion, PROTOCOL_ERROR, context, [
      {
        value: { ...PROTOCOL_ERROR, jsonrpc: '1.0' },
        replacement: 'jsonrpc "2.0" → "1.0"',
        path: ['jsonrpc'],
      },
      {
        value: { ...PROTOCOL_ERROR, jsonrpc: 2 },
        replacement: 'jsonrpc "2.0" → 2',
        path: ['jsonrpc'],
      },
      { value: unversioned, replacement: 'jsonrpc "2.0" → absent', path: ['jsonrpc'] },
    ]);
  });

  it('should not yield the absent variant again for a response without version', () => {
    expectVariants(corruptVersion, unversioned, context, [
      {
        value: { ...unversioned, jsonrpc: '1.0' },
        replacement: 'jsonrpc absent → "1.0"',
        path: ['jsonrpc'],
      },
      {
        value: { ...unversioned, jsonrpc: 2 },
        replacement: 'jsonrpc absent → 2',
        path: ['jsonrpc'],
      },
    ]);
  });

  it('should not apply to a request or a notification', () => {
    expectNoVariants(corruptVersion, REQUEST, context);
    expectNoVariants(corruptVersion, NOTIFICATION, context);
  });
});
