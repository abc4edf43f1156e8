import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactProcessOutput } from '../../src/secrets/redact-process-output.js';
import { captureOutput } from '../support/capture-output.js';

const ENV = { Q_SECRET: 'q"uoted\\secretVALUE99' };

describe('redactProcessOutput', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('should redact what is written to stdout and stderr, as text or bytes, until restored', () => {
    // Arrange
    const output = captureOutput();
    const restore = redactProcessOutput(ENV);
    // Act
    process.stdout.write(`the suite fails: ${JSON.stringify(ENV)}\n`);
    process.stderr.write(Buffer.from(`raw ${ENV.Q_SECRET}\n`));
    restore();
    process.stdout.write(`after ${ENV.Q_SECRET}\n`);
    // Assert: the JSON-escaped form as well as the raw one; nothing once restored.
    expect(output.stdout).toBe(
      `the suite fails: {"Q_SECRET":"[redacted $Q_SECRET]"}\nafter ${ENV.Q_SECRET}\n`,
    );
    expect(output.stderr).toBe('raw [redacted $Q_SECRET]\n');
  });

  it('should leave a writer installed after it in place when restored', () => {
    // Arrange
    captureOutput();
    const restore = redactProcessOutput(ENV);
    const later = vi.fn(() => true);
    process.stdout.write = later;
    // Act
    restore();
    // Assert
    expect(process.stdout.write).toBe(later);
  });
});
