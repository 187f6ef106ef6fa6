import type { BundleOptions } from '../runtime/bundle.js';
import type { ProjectConfig } from './load.js';

/** What a project's configuration tells the bundler, for `ledge dev` and `ledge deploy` alike (docs/configuration.md, Build settings). */
export function projectBundleOptions(config: ProjectConfig): Omit<BundleOptions, 'entry' | 'outDir' | 'mode'> {
  return {
    projectDir: config.dir,
    compatibilityFlags: config.compatibility_flags,
    rules: config.rules,
    define: config.define,
    alias: config.alias,
    tsconfig: config.tsconfig,
    jsxFactory: config.jsx_factory,
    jsxFragment: config.jsx_fragment,
    noBundle: config.no_bundle,
    baseDir: config.base_dir,
  };
}
