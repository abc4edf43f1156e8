import { describe, expect, it } from 'vitest';
import { buildJsonReport, siteFileName, siteSource } from '../../src/report/build-json-report.js';
import { makeRun, UNKNOWN_TOOL } from '../support/make-run.js';

const NO_ENV = {};
const FILE = 'test/contract/tools.test.ts';

describe('siteFileName', () => {
  it('should replace slashes and backslashes of a key with a division slash', () => {
    expect(siteFileName({ file: FILE, key: 'a/b\\c' })).toBe(`${FILE}/a∕b∕c.json`);
  });

  it('should drop the leading dots of a key only', () => {
    expect(siteFileName({ file: FILE, key: '..hidden.key' })).toBe(`${FILE}/hidden.key.json`);
    expect(siteFileName({ file: FILE, key: 'a.b' })).toBe(`${FILE}/a.b.json`);
  });

  it('should name a site whose key is empty, or only dots, (site)', () => {
    expect(siteFileName({ file: FILE, key: '' })).toBe(`${FILE}/(site).json`);
    expect(siteFileName({ file: FILE, key: '...' })).toBe(`${FILE}/(site).json`);
  });
});

describe('buildJsonReport file names', () => {
  it('should number the files of sites whose names collide, before the .json suffix', () => {
    // Arrange
    const keys = ['v.json/b', 'v.json∕b', 'v.json\\b'];
    const run = makeRun({ sites: keys.map((key) => ({ ...UNKNOWN_TOOL, key })), mutants: [] });
    // Act
    const report = buildJsonReport(run, { env: NO_ENV });
    // Assert
    expect(Object.keys(report.files)).toEqual([
      `${FILE}/v.json∕b.json`,
      `${FILE}/v.json∕b (2).json`,
      `${FILE}/v.json∕b (3).json`,
    ]);
    expect(Object.values(report.files).map((file) => file.envelopeMutants.siteKey)).toEqual(keys);
  });
});

describe('buildJsonReport thresholds', () => {
  it('should round the schema thresholds into 0..100 and keep the configured ones as they are', () => {
    // Arrange
    const above = makeRun({ thresholds: { high: 120, low: 59.6, break: 50 } });
    const below = makeRun({ thresholds: { high: 80.2, low: -5, break: null } });
    // Act
    const [high, low] = [above, below].map((run) => buildJsonReport(run, { env: NO_ENV }));
    // Assert
    expect(high?.thresholds).toEqual({ high: 100, low: 60 });
    expect(low?.thresholds).toEqual({ high: 80, low: 0 });
    expect(low?.envelopeMutants.thresholds).toEqual({ high: 80.2, low: -5, break: null });
  });
});

describe('siteSource', () => {
  it('should pretty-print a value with two spaces', () => {
    expect(siteSource({ id: 1 })).toBe('{\n  "id": 1\n}');
  });

  it('should write a value nested too deep for JSON.stringify compactly', () => {
    // Arrange
    const depth = 100_000;
    let deep: unknown = [];
    for (let i = 1; i < depth; i++) deep = [deep];
    // Act
    const source = siteSource(deep);
    // Assert
    expect(source).toBe('['.repeat(depth) + ']'.repeat(depth));
  });
});
