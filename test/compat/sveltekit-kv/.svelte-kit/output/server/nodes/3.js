import * as universal from '../entries/pages/about/_page.ts.js';

export const index = 3;
let component_cache;
export const component = async () => component_cache ??= (await import('../entries/pages/about/_page.svelte.js')).default;
export { universal };
export const universal_id = "src/routes/about/+page.ts";
export const imports = ["_app/immutable/nodes/3.CLOi39C6.js","_app/immutable/chunks/BO_2B7Lf.js","_app/immutable/chunks/CG_yP17v.js","_app/immutable/chunks/EM62iICF.js"];
export const stylesheets = [];
export const fonts = [];
