

export const index = 0;
let component_cache;
export const component = async () => component_cache ??= (await import('../entries/pages/_layout.svelte.js')).default;
export const imports = ["_app/immutable/nodes/0.DySxe1UE.js","_app/immutable/chunks/BO_2B7Lf.js","_app/immutable/chunks/CG_yP17v.js","_app/immutable/chunks/DCBw7KGm.js"];
export const stylesheets = [];
export const fonts = [];
