

export const index = 1;
let component_cache;
export const component = async () => component_cache ??= (await import('../entries/fallbacks/error.svelte.js')).default;
export const imports = ["_app/immutable/nodes/1.5j5pW0zr.js","_app/immutable/chunks/BO_2B7Lf.js","_app/immutable/chunks/CG_yP17v.js","_app/immutable/chunks/BOF7q5yf.js","_app/immutable/chunks/tKswU5PA.js","_app/immutable/chunks/CFY0_KtC.js"];
export const stylesheets = [];
export const fonts = [];
