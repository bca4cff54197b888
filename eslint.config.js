// Lint rules that catch mistakes; formatting is Prettier's (npm run lint runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// A user's text made into a regular expression can take a backtracking engine exponential time
// (docs/operations.md#security): match user globs with src/patterns/glob.ts instead.
const DYNAMIC_REGEXP = ['NewExpression', 'CallExpression'].map((node) => ({
  selector: `${node}:matches([callee.name='RegExp'], [callee.property.name='RegExp']):not([arguments.0.type='Literal'])`,
  message:
    'No RegExp built at run time: a user pattern matches with src/patterns/glob.ts; a reviewed constant goes on the allow-list in eslint.config.js',
}));

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', 'dist/', '.ci/', 'coverage/', '.scratch/', 'src/catalog/sources/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Code that runs in the service; tests may build expressions from their own fixtures.
    files: ['src/**', 'projections/**', 'streams/**', 'web/src/**'],
    rules: { 'no-restricted-syntax': ['error', ...DYNAMIC_REGEXP] },
  },
  {
    // Reviewed: each builds its expressions from constants or operator data, never a user's text.
    files: ['src/sites/routes.ts', 'src/shiplog/parse-combined.ts', 'src/catalog/classify.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
