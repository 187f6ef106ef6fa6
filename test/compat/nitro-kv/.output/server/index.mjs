globalThis._importMeta_={url:"file:///_entry.js",env:{}};export{c as default}from"./chunks/nitro/nitro.mjs";import"node:process";import"cloudflare:workers";import"node:events";import"node:buffer";import"node:timers";
//# sourceMappingURL=index.mjs.map
