// One lint configuration for the whole repository (`npm run lint`, run by `npm test`): typescript-eslint's strict
// rules, React's hooks rules, jsx-a11y for every screen, and import-x/no-cycle across the apps and packages.
// Zero warnings is the bar (--max-warnings 0).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      // Which parser reads a module the cycle check follows, and which files are modules.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['backend/tsconfig.json', 'site/tsconfig.json', 'admin/tsconfig.json', 'e2e/tsconfig.json', 'packages/common/tsconfig.test.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Not through node_modules: a cycle there is not ours to fix, and following them was 78 % of lint's time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
