import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildJsonReport } from '../../src/report/build-json-report.js';
import { makeRun } from '../support/make-run.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reportSchemaErrors', () => {
  it('should compile the schema without warning about its unused uri format', async () => {
    // Arrange: a fresh module, so the schema is compiled in this test.
    vi.resetModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fresh = await import('../../src/report/validate-report.js');
    const report: unknown = JSON.parse(JSON.stringify(buildJsonReport(makeRun(), { env: {} })));
    // Act
    const errors = fresh.reportSchemaErrors(report);
    // Assert
    expect(errors).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
