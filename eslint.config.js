// Lint (npm run lint): typescript-eslint's type-aware recommended rules, React's hooks rules and
// the project's own rules (tests/contract holds the structural ones: layering, refusal location).
// CI fails on any finding (--max-warnings 0). A rule turned off here says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', '.data/', 'web/src/routeTree.gen.ts', '**/*.js', '**/*.mjs', '**/*.cjs'] },
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
      // Event payloads (`Record<string, unknown>`) and untyped rows are read into text with
      // `String(value ?? '')` on purpose: the value is a JSON scalar by the event's schema. Turn on
      // when projections read typed events.
      '@typescript-eslint/no-base-to-string': 'off',
      // Route handlers, lookups and test doubles implement async interfaces; an async function
      // without await there is the interface's shape, not a mistake.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns: an async onClick is fine; elsewhere (signal
      // handlers, callbacks) a promise where void is expected is an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // TanStack Router's redirect() and notFound() are thrown by design (its documented pattern).
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }], allowRethrowing: true }],
      // A destructuring whose names are reassigned in part stays one `let`.
      'prefer-const': ['error', { destructuring: 'all' }],
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
