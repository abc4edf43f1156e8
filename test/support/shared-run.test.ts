import { describe, expect, it } from 'vitest';
import { sharedRun } from './shared-run.js';

describe('sharedRun', () => {
  it('should start the run on first use only and give every caller its result', async () => {
    // Arrange
    let started = 0;
    const run = sharedRun(() => Promise.resolve(++started));

    // Act
    const results = await Promise.all([run(), run()]);
    const later = await run();

    // Assert
    expect(results).toEqual([1, 1]);
    expect(later).toBe(1);
    expect(started).toBe(1);
  });

  it('should not start the run before it is used', () => {
    // Arrange
    let started = 0;

    // Act
    sharedRun(() => Promise.resolve(++started));

    // Assert
    expect(started).toBe(0);
  });
});
