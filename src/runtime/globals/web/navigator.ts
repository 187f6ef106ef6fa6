/**
 * `navigator.userAgent` in application code: the original runtime's value. Libraries tell which runtime they
 * are on by this exact string, and take another path when it is anything else: Hono's `env(c)` (hono/adapter)
 * answers `{}` instead of the deployment's env, unjs's std-env (Nitro, Nuxt) does not see an edge runtime, SDK
 * clients report an unknown platform. It is a value libraries compare, not a name of Ledge's own, as the
 * original's class names of binding objects are kept for `constructor.name` checks (docs/runtime.md).
 */
export const RUNTIME_USER_AGENT = 'Cloudflare-Workers';
