import{d as t}from"../../nitro/nitro.mjs";import"node:process";import"cloudflare:workers";import"node:events";import"node:buffer";import"node:timers";const o=t(async t=>{var o;const{COUNTS:r}=t.context.cloudflare.env,e=Number(null!=(o=await r.get("n"))?o:0)+1;return await r.put("n",String(e)),{count:e}});export{o as default};
//# sourceMappingURL=count.post.mjs.map
