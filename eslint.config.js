// typescript-eslint strict everywhere, type-aware (strictTypeChecked) on the TypeScript that
// tsconfig.json compiles, and the layers of docs/design.md "Entry points and layers"
// enforced: each folder imports only from the floors below it.
import tseslint from 'typescript-eslint';

/** The TypeScript that tsconfig.json compiles: these files get the type-aware rules. */
const TYPED = [
  'src/**/*.ts',
  'mutators/**/*.ts',
  'test/**/*.ts',
  'bench/**/*.ts',
  'scripts/**/*.ts',
];

/** The floors, lowest first. A folder may import its own files and anything on a lower floor. */
const FLOORS = [
  ['src/errors.ts', 'src/secrets'],
  ['src/envelope'],
  ['src/http'],
  ['src/taxonomy'],
  ['src/oracle'],
  ['src/mutant'],
  ['mutators'],
  ['src/taps', 'src/assertions', 'src/arbitraries'],
  ['src/config'],
  ['src/hints'],
  ['src/engine'],
  ['src/vitest-adapter'],
  ['src/report'],
  ['src/stryker', 'src/fuzz', 'src/init'],
  ['src/cli'],
  ['src/index.ts', 'src/node.ts', 'src/bin.ts'],
];

/** Only the vitest adapter drives vitest through its Node API; the engine knows no vitest at all. */
const VITEST_ADAPTER = 'src/vitest-adapter';
const KNOWS_NO_VITEST = ['src/engine'];

/** Floors that know nothing of files, processes or vitest: the oracle and what it stands on. */
const PURE = ['src/envelope', 'src/http', 'src/taxonomy', 'src/oracle'];

/**
 * The pure modules that load a dependency on first use through `node:module`'s `createRequire`:
 * module loading, which a static import does too, only later. Nothing else of `node:` is allowed.
 */
const LOAD_ON_FIRST_USE = ['src/oracle/output-schema-validator.ts'];

/** An import specifier glob for a folder or root file, whatever the importer's depth. */
const specifierOf = (place) =>
  place.endsWith('.ts')
    ? `**/${place.slice(place.lastIndexOf('/') + 1).replace(/\.ts$/, '.js')}`
    : `**/${place.slice(place.lastIndexOf('/') + 1)}/**`;

function layerRule(place, floor, options) {
  const above = FLOORS.slice(floor)
    .flat()
    .filter((other) => other !== place && !other.endsWith('.ts'));
  const patterns = [];
  if (above.length > 0) {
    patterns.push({
      group: above.flatMap((other) => [specifierOf(other), specifierOf(other).replace('/**', '')]),
      message: `${place} is on floor ${floor} of docs/design.md "Entry points and layers": imports run only downward.`,
    });
  }
  if (KNOWS_NO_VITEST.includes(place)) {
    patterns.push({
      group: ['vitest', 'vitest/*'],
      message: `${place} knows nothing of vitest: it runs test files through src/engine/test-session.ts, which src/vitest-adapter implements (docs/design.md "Entry points and layers").`,
    });
  }
  if (PURE.includes(place)) {
    patterns.push({
      group: [
        'node:*',
        ...(options.createRequire ? ['!node:module'] : []),
        'fs',
        'path',
        'child_process',
        'vitest',
        'vitest/*',
      ],
      message: `${place} is pure: no I/O and no vitest (docs/design.md "Entry points and layers").`,
    });
  }
  const paths = options.vitestNode
    ? []
    : [
        {
          name: 'vitest/node',
          message: 'only the vitest adapter (src/vitest-adapter/) imports vitest/node.',
        },
      ];
  const rule = {
    ...(paths.length > 0 ? { paths } : {}),
    ...(patterns.length > 0 ? { patterns } : {}),
  };
  return { 'no-restricted-imports': ['error', rule] };
}

const layers = FLOORS.flatMap((places, floor) =>
  places.map((place) => ({
    files: [place.endsWith('.ts') ? place : `${place}/**/*.ts`],
    rules: layerRule(place, floor, { vitestNode: false }),
  })),
);
const floorOf = (place) => FLOORS.findIndex((places) => places.includes(place));
const loadOnFirstUse = {
  files: LOAD_ON_FIRST_USE,
  rules: layerRule('src/oracle', floorOf('src/oracle'), { vitestNode: false, createRequire: true }),
};
const adapter = {
  files: [`${VITEST_ADAPTER}/**/*.ts`],
  rules: layerRule(VITEST_ADAPTER, floorOf(VITEST_ADAPTER), { vitestNode: true }),
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/reports/**',
      '**/coverage/**',
      '**/.stryker-tmp/**',
      '**/test-output/**',
      '**/.generated*/**',
      // Ajv's standalone code, written by scripts/meta-schema-validators.js and checked against it
      // by a unit test: nobody edits it, so style rules would only flag the generator's output.
      'src/oracle/generated/**',
    ],
  },
  ...tseslint.configs.strict,
  ...tseslint.configs.strictTypeChecked.map((config) => ({ ...config, files: TYPED })),
  {
    files: TYPED,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Counts, indexes and durations in messages are the common case and print unambiguously;
      // objects, arrays and undefined still fail (they would print "[object Object]" and the like).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // `expect(() => run()).toThrow()` is how a test says "this call throws"; braces add nothing.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // vitest's asymmetric matchers (expect.stringMatching, expect.any) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // `expect(spy.method)` and `toBe(stream.write)` compare functions, they never call them.
      '@typescript-eslint/unbound-method': 'off',
      // Fakes implement async interfaces with async functions that have nothing to await.
      '@typescript-eslint/require-await': 'off',
      // Hint and suite lines are JavaScript a user pastes: evaluating them is the honest check.
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },
  {
    rules: {
      // `_` marks a required but unused parameter of a callback (`(_request, response) => …`);
      // rest siblings let `const { dropped, ...rest } = value` omit a member.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  ...layers,
  adapter,
  loadOnFirstUse,
);
