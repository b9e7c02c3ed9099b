// Flat config. Type-aware rules are left out on purpose: `npm run typecheck` (tsc) and
// lit-analyzer already do the type work, and typed linting would double the lint time.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'custom-elements.json', 'coverage/', 'test-results/', 'demo/hosts/*/dist/', 'demo/hosts/*/.angular/', 'test/consumers/'] },

  js.configs.recommended,

  // TypeScript (src/, test/).
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // `_`-prefixed = intentionally unused (callbacks with fixed signatures, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Tests and protocol payloads legitimately use `any` at the edges; tsc strict covers the rest.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['test/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.mocha } },
    rules: {
      // chai's `expect(x).to.exist` style and `el.shadowRoot!` are idiomatic in tests.
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },

  // Lit + custom-element rules where the elements live.
  {
    files: ['src/elements/**/*.ts'],
    extends: [lit.configs['flat/recommended'], wc.configs['flat/recommended']],
    settings: {
      // Lets eslint-plugin-wc recognise `extends LitElement` classes as custom elements.
      wc: { elementBaseClasses: ['LitElement'] },
    },
  },

  // Node-side JavaScript: tooling, demo server, node tests.
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  // Demo page scripts run in the browser.
  {
    files: ['demo/**/*.js', 'demo/**/*.mjs'],
    ignores: ['demo/server/**'],
    languageOptions: { globals: globals.browser },
  },
);
