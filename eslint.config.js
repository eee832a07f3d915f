// Lint (npm run lint): typescript-eslint's type-aware recommended rules, React's hooks rules and
// the project's own rules (tests/contract holds the structural ones: layering, refusal location).
// CI fails on any finding (--max-warnings 0). A rule turned off here says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', '.data/', 'web/src/routeTree.gen.ts', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Database rows (postgres.js) and JSON event payloads are typed at the boundary by valibot
      // schemas or narrowed where read; the no-unsafe-* family would flag every untyped row read.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Callback props and decider members are declared in method syntax and never use `this`.
      '@typescript-eslint/unbound-method': 'off',
      // `String(value ?? '')` of an unknown column is how rows are read into text on purpose.
      '@typescript-eslint/no-base-to-string': ['error', { checkUnknown: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
