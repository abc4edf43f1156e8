import { describe, expect, it } from 'vitest';
import { fileOfGlob, suiteCandidates, suiteFileFor } from '../../src/init/suite-file-for.js';

const DEFAULT = 'test/envelope-mutants.contract.test.ts';

describe('fileOfGlob', () => {
  it('should name a TypeScript file the glob takes, in its fixed folders', () => {
    expect(fileOfGlob('spec/**/*.spec.ts')).toBe('spec/envelope-mutants.contract.spec.ts');
    expect(fileOfGlob('./tests/*.test.mts')).toBe('tests/envelope-mutants.contract.test.mts');
    // vitest's default include.
    expect(fileOfGlob('**/*.{test,spec}.?(c|m)[jt]s?(x)')).toBe(
      'test/envelope-mutants.contract.test.ts',
    );
    expect(fileOfGlob('**/*.spec.ts')).toBe('test/envelope-mutants.contract.spec.ts');
    expect(fileOfGlob('**/__tests__/**/*.ts')).toBe('__tests__/envelope-mutants.contract.ts');
    expect(fileOfGlob('*.test.ts')).toBe('envelope-mutants.contract.test.ts');
    expect(fileOfGlob('src/**/@(contract|api).*.ts')).toBe(
      'src/contract.envelope-mutants.contract.ts',
    );
    expect(fileOfGlob('src/*.spec.[cm]ts')).toBe('src/envelope-mutants.contract.spec.cts');
    expect(fileOfGlob('test/**.test.ts')).toBe('test/envelope-mutants.contract.test.ts');
  });

  it('should leave out a glob of no single choice or of no TypeScript', () => {
    expect(fileOfGlob('packages/*/test/*.test.ts')).toBeUndefined();
    expect(fileOfGlob('!**/*.e2e.ts')).toBeUndefined();
    expect(fileOfGlob('test/**/*.test.js')).toBeUndefined();
    expect(fileOfGlob('**/*.ts.snap')).toBeUndefined();
    expect(fileOfGlob('!*.test.ts')).toBeUndefined();
  });
});

describe('suiteFileFor', () => {
  const globs = (include: string[], taken: string[]) => ({ include, taken: new Set(taken) });

  it('should keep the default path where the config runs it', () => {
    const include = ['**/*.test.ts', 'packages/*/test/*.test.ts'];
    expect(suiteCandidates(['src/**/*.test.ts', ...include], undefined, DEFAULT)).toEqual([
      DEFAULT,
      'src/envelope-mutants.contract.test.ts',
    ]);
    expect(suiteFileFor(globs(include, [DEFAULT]), undefined, DEFAULT)).toEqual({
      file: DEFAULT,
      collected: true,
    });
  });

  it('should take a path of the include where the config does not run the default', () => {
    const include = ['spec/**/*.spec.ts'];
    const spec = 'spec/envelope-mutants.contract.spec.ts';

    expect(suiteFileFor(globs(include, [spec]), undefined, DEFAULT)).toEqual({
      file: spec,
      collected: true,
    });
    // Negative control: a config that runs neither.
    expect(suiteFileFor(globs(include, []), undefined, DEFAULT)).toEqual({
      file: DEFAULT,
      collected: false,
    });
  });

  it('should keep --out as given, and say whether the config runs it', () => {
    expect(suiteCandidates(['spec/**/*.spec.ts'], 'e2e/x.test.ts', DEFAULT)).toEqual([
      'e2e/x.test.ts',
    ]);
    expect(suiteFileFor(globs(['spec/**'], []), 'e2e/x.test.ts', DEFAULT)).toEqual({
      file: 'e2e/x.test.ts',
      collected: false,
    });
    expect(suiteFileFor(undefined, 'e2e/x.test.ts', DEFAULT)).toEqual({
      file: 'e2e/x.test.ts',
      collected: undefined,
    });
  });
});
