// Strict lint for Ledge's TypeScript; every suppression in the code says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // test/compat/*/ are applications written for the original platform, each with its own tsconfig.json.
  { ignores: ['templates/', 'dist/', 'node_modules/', '.ledge/', 'examples/*/node_modules/', 'bench/results/', 'test/compat/*/'] },
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
    // Code that runs inside an isolate: Node's globals are deleted there before the application loads
    // (src/runtime/globals/host-objects.ts), so this code imports what it uses instead.
    files: ['src/runtime/isolate-main.ts', 'src/runtime/response.ts', 'src/runtime/batch-port.ts', 'src/runtime/runtime-hooks.ts',
      'src/runtime/globals/**/*.ts', 'src/runtime/modules/**/*.ts', 'src/bindings/*/binding.ts', 'src/bindings/*/isolate.ts',
      'src/bindings/protocol.ts', 'src/bindings/isolate-part.ts',
      'src/runtime/websockets/socket.ts', 'src/runtime/websockets/isolate-sockets.ts', 'src/runtime/websockets/protocol.ts',
      'src/bindings/cache/caches.ts', 'src/bindings/cache/limits.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error',
        { name: 'process', message: "The isolate deletes the global process: import process from 'node:process'." },
        { name: 'Buffer', message: "The isolate deletes the global Buffer: import { Buffer } from 'node:buffer'." },
        { name: 'global', message: 'The isolate deletes the global `global`: use globalThis.' }],
    },
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
