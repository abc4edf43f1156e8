import { describe, expect, it } from 'vitest';
import { isPropertyName, PROPERTY_NAMES } from '../../src/fuzz/property-name.js';

describe('isPropertyName', () => {
  it('should accept the six property names and nothing else', () => {
    expect(PROPERTY_NAMES).toEqual([
      'session-survives',
      'no-false-success',
      'correlation',
      'isolation',
      'no-leak',
      'prose-invariance',
    ]);
    expect(PROPERTY_NAMES.every(isPropertyName)).toBe(true);
    expect([isPropertyName('leak'), isPropertyName(1), isPropertyName(undefined)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
