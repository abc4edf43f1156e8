import { vi } from 'vitest';

/** What the code under test wrote to stdout and stderr; assign `''` to start afresh. */
export interface CapturedOutput {
  stdout: string;
  stderr: string;
}

/**
 * Captures the writes to `process.stdout` and `process.stderr` instead of printing them. Undo it
 * with `vi.restoreAllMocks()` (in `afterEach`).
 */
export function captureOutput(): CapturedOutput {
  const output: CapturedOutput = { stdout: '', stderr: '' };
  vi.spyOn(process.stdout, 'write').mockImplementation(
    (chunk) => ((output.stdout += String(chunk)), true),
  );
  vi.spyOn(process.stderr, 'write').mockImplementation(
    (chunk) => ((output.stderr += String(chunk)), true),
  );
  return output;
}
