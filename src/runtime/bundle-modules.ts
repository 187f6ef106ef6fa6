import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';

const EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const moduleFile = (name: string) => fileURLToPath(new URL(`./modules/${name}.${EXT}`, import.meta.url));

/** Ledge's runtime modules, bundled into the application that imports them (docs/runtime.md, The runtime module). */
export const RUNTIME_MODULES: Readonly<Record<string, string>> = {
  'ledge:workers': moduleFile('workers'),
  'ledge:sockets': moduleFile('sockets'),
  'ledge:workflows': moduleFile('workflows'),
  'ledge:email': moduleFile('email'),
};

/** The specifiers code written for the original platform imports, accepted beside Ledge's own names. */
export const ORIGINAL_MODULE_ALIASES: Readonly<Record<string, string>> = {
  'cloudflare:workers': 'ledge:workers',
  'cloudflare:sockets': 'ledge:sockets',
  'cloudflare:workflows': 'ledge:workflows',
  'cloudflare:email': 'ledge:email',
};

/** Resolves `ledge:` modules and their aliases; any other specifier of either family is refused by name at build time. */
export function runtimeModulesPlugin(): esbuild.Plugin {
  const known = [...Object.keys(RUNTIME_MODULES), ...Object.keys(ORIGINAL_MODULE_ALIASES)].join(', ');
  return {
    name: 'ledge-runtime-modules',
    setup(build) {
      build.onResolve({ filter: /^(?:ledge|cloudflare):/ }, (args) => {
        const name = ORIGINAL_MODULE_ALIASES[args.path] ?? args.path;
        const file = RUNTIME_MODULES[name];
        if (file) return { path: file };
        return { errors: [{ text: `"${args.path}" is not a module Ledge provides (available: ${known})` }] };
      });
    },
  };
}
