import { describe, expect, test } from 'vitest';
import { failureHeadline } from '../../src/engine/failure-headline.js';

describe('failureHeadline', () => {
  test('should join the reason to a first line that only announces it, without colours', () => {
    // Arrange: vite's transform error when a tsconfig the test file extends is missing.
    const message =
      'Transform failed with 1 error:\n\n\x1b[31m[TSCONFIG_ERROR] \x1b[0mFailed to load tsconfig ' +
      "'../app/tsconfig.json': Tsconfig not found\n\x1b[39m\n  Plugin: vite:oxc";
    // Act / Assert
    expect(failureHeadline(message)).toBe(
      "Transform failed with 1 error: [TSCONFIG_ERROR] Failed to load tsconfig '../app/tsconfig.json': Tsconfig not found",
    );
  });

  test("should give the cause of rolldown's internal error, not its plea to report it", () => {
    // Arrange: what vitest 4.1 throws for a vitest.config.ts beside an empty package.json.
    const message =
      'Build failed with 1 error:\n\n\x1b[31m[UNHANDLEABLE_ERROR] \x1b[0mSomething went wrong inside ' +
      'rolldown, please report this problem at https://github.com/rolldown/rolldown/issues.\n' +
      'JSONError { path: "/p/package.json", message: "File is empty", line: 0, column: 0 }\n\n' +
      'Stack backtrace:\n   0: <unknown>';
    // Act / Assert
    expect(failureHeadline(message)).toBe(
      'Build failed with 1 error: JSONError { path: "/p/package.json", message: "File is empty", line: 0, column: 0 }',
    );
  });

  test('should keep the plea of an internal error that gives no cause', () => {
    const plea = 'Something went wrong inside rolldown, please report this problem';
    expect(failureHeadline(plea)).toBe(plea);
    expect(failureHeadline(`${plea}\nStack backtrace:\n  0: x`)).toBe(plea);
  });

  test('should keep a first line that says it all, and nothing of the stack', () => {
    expect(failureHeadline('expected 2 to be 1 // Object.is equality\n    at a.test.ts:3:7')).toBe(
      'expected 2 to be 1 // Object.is equality',
    );
  });

  test('should skip blank lines before the first one', () => {
    expect(failureHeadline('\n  \nSyntaxError: oops\nat y')).toBe('SyntaxError: oops');
  });

  test('should give an empty line for an empty message', () => {
    expect(failureHeadline('')).toBe('');
    expect(failureHeadline('Failed:')).toBe('Failed:');
  });
});
