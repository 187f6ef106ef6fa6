globalThis.process ??= {}; globalThis.process.env ??= {};
import { e as createComponent, l as renderHead, n as renderSlot, r as renderTemplate, h as createAstro } from './astro/server_CVDHD6h9.mjs';
/* empty css                          */

const $$Astro = createAstro();
const $$Layout = createComponent(($$result, $$props, $$slots) => {
  const Astro2 = $$result.createAstro($$Astro, $$props, $$slots);
  Astro2.self = $$Layout;
  const { title } = Astro2.props;
  return renderTemplate`<html lang="en" data-astro-cid-sckkx6r4> <head><meta charset="UTF-8"><meta name="viewport" content="width=device-width"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${title}</title>${renderHead()}</head> <body data-astro-cid-sckkx6r4> ${renderSlot($$result, $$slots["default"])} </body></html>`;
}, "/tmp/astro-kv-Jhedlk/src/layouts/Layout.astro", void 0);

export { $$Layout as $ };
