// typescript-eslint strict, type-aware only where it pays (src/ and mutators/).
import tseslint from 'typescript-eslint';

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
    ],
  },
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
