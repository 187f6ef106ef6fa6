// Strict lint for Ledge's TypeScript; every suppression in the code says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['templates/', 'dist/', 'node_modules/', '.ledge/', 'examples/*/node_modules/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // CommonJS packages the bundler tests take in, written the way npm ships them.
    files: ['test/fixtures/**/*.js', 'test/fixtures/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', exports: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly', process: 'readonly', fetch: 'readonly', Request: 'readonly', Response: 'readonly',
        URL: 'readonly', Headers: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', TextEncoder: 'readonly',
        ReadableStream: 'readonly', queueMicrotask: 'readonly',
      },
    },
  },
);
