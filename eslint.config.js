import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  // Boundaries (docs/architecture.md). Services are plain functions the edges adapt, so they know
  // nothing of HTTP or tRPC; the browser gets the server's types, never its code; migrations are
  // frozen in time, so they cannot follow app code as it changes.
  {
    files: ['api/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-plugin', '@fastify/*', '@trpc/*'],
              message: 'Services never import Fastify or tRPC: take typed input and deps; rest/ and trpc/ adapt them.',
            },
            {
              regex: '^(\\.\\./)+(rest|plugins|trpc|v1)(/|$)',
              message: 'Services never import the edges (rest/, plugins/, trpc/, v1/): the dependency points the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // /v1 is an edge like rest/ and trpc/: it parses, calls a service and shapes the answer. Tables
    // belong to services, so it reads none itself (types, e.g. a transaction's, may pass through).
    files: ['api/src/v1/**/*.ts'],
    ignores: ['api/src/v1/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', '@coinsight/db', '@coinsight/db/*'],
              allowTypeImports: true,
              message: '/v1 routes never query the database: call a service (services/), which owns its tables.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@coinsight/api', '@coinsight/api/*'],
              allowTypeImports: true,
              message: "The web app imports only types from the server (import type { AppRouter } from '@coinsight/api/trpc').",
            },
            { group: ['@coinsight/db', '@coinsight/db/*'], message: 'The web app never imports database code.' },
            { regex: '(^|/)api/src(/|$)', message: 'The web app never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    // The SDK is what customers install: at run time it needs nothing but fetch, and its published
    // types import nothing either. Its types come from the contracts' schemas through
    // src/generated/ (packages/sdk/scripts/generate-types.mjs), never by importing them.
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['packages/sdk/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@coinsight/contracts', 'zod'],
              message: 'The SDK ships alone: take the type from ./generated/contract-types.js (add it to scripts/contract-types.ts).',
            },
            {
              group: ['@coinsight/api', '@coinsight/api/*', '@coinsight/db', '@coinsight/db/*'],
              message: 'The SDK never imports server code.',
            },
            { regex: '^node:', message: 'The SDK runs in browsers too: global fetch, no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/db/src/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!kysely(/migration)?$|\\./)',
              message: 'Migrations are frozen in time: they import only kysely and each other, never app code (schema, contracts).',
            },
          ],
        },
      ],
    },
  },
);
