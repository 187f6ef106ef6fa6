globalThis.process ??= {}; globalThis.process.env ??= {};
import { e as createComponent, k as renderComponent, r as renderTemplate, h as createAstro, m as maybeRenderHead } from '../../chunks/astro/server_CVDHD6h9.mjs';
import { $ as $$Layout } from '../../chunks/Layout_C1NTA7j0.mjs';
export { renderers } from '../../renderers.mjs';

const $$Astro = createAstro();
const $$slug = createComponent(async ($$result, $$props, $$slots) => {
  const Astro2 = $$result.createAstro($$Astro, $$props, $$slots);
  Astro2.self = $$slug;
  const { env, cf, ctx } = Astro2.locals.runtime;
  const { slug } = Astro2.params;
  const body = await env.GUIDES.get(`guide:${slug}`);
  if (body === null) {
    return new Response(`no guide "${slug}"`, { status: 404 });
  }
  const views = (await Astro2.session?.get("views") ?? 0) + 1;
  Astro2.session?.set("views", views);
  ctx.waitUntil(env.GUIDES.put(`seen:${slug}`, (/* @__PURE__ */ new Date(0)).toISOString()));
  Astro2.response.headers.set("x-guide", slug ?? "");
  return renderTemplate`${renderComponent($$result, "Layout", $$Layout, { "title": `${slug} \xB7 ${env.SITE_TITLE}` }, { "default": async ($$result2) => renderTemplate` ${maybeRenderHead()}<h1>${env.SITE_TITLE}: ${slug}</h1> <article>${body}</article> <p class="views">views this session: ${views}</p> <p class="protocol">${cf?.httpProtocol ?? "unknown"}</p> ` })}`;
}, "/tmp/astro-kv-Jhedlk/src/pages/guides/[slug].astro", void 0);

const $$file = "/tmp/astro-kv-Jhedlk/src/pages/guides/[slug].astro";
const $$url = "/guides/[slug]";

const _page = /*#__PURE__*/Object.freeze(/*#__PURE__*/Object.defineProperty({
  __proto__: null,
  default: $$slug,
  file: $$file,
  url: $$url
}, Symbol.toStringTag, { value: 'Module' }));

const page = () => _page;

export { page };
