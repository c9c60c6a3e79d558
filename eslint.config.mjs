// One lint configuration for the whole repository (`npm run lint`, run by `npm test`): typescript-eslint's strict
// rules, React's hooks rules, jsx-a11y for every screen, and eslint-plugin-regexp on the code that runs (no pattern
// that backtracks on what a visitor or an admin types). Import circles are madge's (in `npm run lint` after ESLint):
// it counts type-only imports too, which import-x/no-cycle skipped, and took half of ESLint's time.
// Zero warnings is the bar (--max-warnings 0).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      // Written by the backend's test runner (test/support/run-bundled.mjs) for each run.
      'backend/test/.bundles/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // `_name` marks a value that is deliberately left unused (a destructured field kept out of a copy).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['site/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat.recommended.rules,
  },
  { files: ['site/**/*.tsx', 'admin/**/*.tsx', 'packages/ui/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Every pattern runs in time linear in its input: a pattern that backtracks polynomially on a crafted text (an
    // unclosed `{{` and ten thousand spaces) holds the event loop for minutes. The plugin proves it per pattern.
    files: ['backend/src/**/*.ts', 'packages/common/src/**/*.ts', 'site/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    ...regexp.configs['flat/recommended'],
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Matters of taste over patterns that read well as they are ([A-Za-z0-9_] for \w, [^\s] for \S, \u000b for \v).
      'regexp/use-ignore-case': 'off',
      'regexp/prefer-w': 'off',
      'regexp/negation': 'off',
      'regexp/control-character-escape': 'off',
      'regexp/no-obscure-range': 'off',
    },
  },
  {
    // Plain scripts the site serves as they are (the theme is applied before the first paint).
    files: ['site/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // RTK Query's documented way to write an endpoint without an argument: build.query<Answer, void>.
    files: ['admin/src/features/**/*-api.ts'],
    rules: { '@typescript-eslint/no-invalid-void-type': 'off' },
  },
  {
    files: ['**/*.cjs', '**/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests state what they expect of a value; a missing one fails the test at the assertion anyway.
    files: ['**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Nest's decorators and DI classes: empty module classes and constructor-only injection are the framework's shape.
    files: ['backend/**/*.ts'],
    rules: { '@typescript-eslint/no-extraneous-class': 'off' },
  },
);
