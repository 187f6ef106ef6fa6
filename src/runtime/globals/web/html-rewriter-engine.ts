/**
 * Loads lol-html's WebAssembly build (the `html-rewriter-wasm` package, which supports asynchronous
 * handlers) on first use. Compiling its 900 KB module takes tens of milliseconds, too much for every
 * isolate start, so it waits until application code first uses `HTMLRewriter`. By then application
 * code has run and may have replaced globals or put accessors on `Object.prototype`; a CommonJS module
 * evaluated through Node's `require` at that moment would expose its wrapper's arguments (`require`
 * among them) to such code through `Function.prototype.caller`. So the package's two script files are
 * evaluated here in strict mode, with a `require` that serves only what they use: no real `require`,
 * `module` or file system ever sits on the stack.
 */
import assert from 'node:assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TextDecoder, TextEncoder } from 'node:util';
import { compileFunction } from 'node:vm';

/** The parts of the package's raw rewriter that Ledge's `HTMLRewriter` drives. */
export interface RawRewriter {
  on(selector: string, handlers: object): void;
  onDocument(handlers: object): void;
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
  free(): void;
}

/** The package's exports Ledge uses. */
export interface RewriterEngine {
  HTMLRewriter: new (sink: (chunk: Uint8Array) => void, options?: { enableEsiTags?: boolean }) => RawRewriter;
}

const PACKAGE_DIR = path.dirname(createRequire(import.meta.url).resolve('html-rewriter-wasm'));
const WASM_FILE = path.join(PACKAGE_DIR, 'html_rewriter_bg.wasm');
/** Taken when this module loads, before application code could replace it. */
const NativeWebAssembly = WebAssembly;

let engine: RewriterEngine | undefined;

/** Whether the engine has been loaded in this thread. */
export function rewriterEngineLoaded(): boolean {
  return engine !== undefined;
}

/** The engine, loading it on first call (synchronously, like the package itself). */
export function loadRewriterEngine(): RewriterEngine {
  engine ??= evaluate('html_rewriter.js', {
    './asyncify.js': evaluate('asyncify.js', { assert }),
    util: { TextDecoder, TextEncoder },
    path: { join: path.join },
    fs: {
      readFileSync(file: string) {
        if (file !== WASM_FILE) throw new Error(`html-rewriter-wasm asked for ${file}`);
        return readFileSync(file);
      },
    },
  }) as unknown as RewriterEngine;
  return engine;
}

/** Evaluates one of the package's CommonJS files, strict, with only the given modules to require. */
function evaluate(file: string, modules: Record<string, unknown>): Record<string, unknown> {
  const filename = path.join(PACKAGE_DIR, file);
  const source = readFileSync(filename, 'utf8');
  const run = compileFunction(`'use strict';${source}`, ['exports', 'require', 'module', '__filename', '__dirname', 'WebAssembly'], { filename });
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string) => {
    if (!Object.hasOwn(modules, name)) throw new Error(`html-rewriter-wasm asked for module ${name}`);
    return modules[name];
  };
  run.call(module.exports, module.exports, require, module, filename, PACKAGE_DIR, NativeWebAssembly);
  return module.exports;
}
