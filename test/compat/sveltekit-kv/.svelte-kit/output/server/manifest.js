export const manifest = (() => {
function __memo(fn) {
	let value;
	return () => value ??= (value = fn());
}

return {
	appDir: "_app",
	appPath: "_app",
	assets: new Set(["favicon.svg"]),
	mimeTypes: {".svg":"image/svg+xml"},
	_: {
		client: {start:"_app/immutable/entry/start.DBVw2yN5.js",app:"_app/immutable/entry/app.CxSjzt4y.js",imports:["_app/immutable/entry/start.DBVw2yN5.js","_app/immutable/chunks/CG_yP17v.js","_app/immutable/chunks/tKswU5PA.js","_app/immutable/chunks/CFY0_KtC.js","_app/immutable/entry/app.CxSjzt4y.js","_app/immutable/chunks/CG_yP17v.js","_app/immutable/chunks/BOF7q5yf.js","_app/immutable/chunks/BO_2B7Lf.js","_app/immutable/chunks/CFY0_KtC.js","_app/immutable/chunks/BvjwTegq.js","_app/immutable/chunks/DCBw7KGm.js"],stylesheets:[],fonts:[],uses_env_dynamic_public:false},
		nodes: [
			__memo(() => import('./nodes/0.js')),
			__memo(() => import('./nodes/1.js')),
			__memo(() => import('./nodes/2.js'))
		],
		remotes: {
			
		},
		routes: [
			{
				id: "/",
				pattern: /^\/$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 2 },
				endpoint: null
			},
			{
				id: "/api/entries",
				pattern: /^\/api\/entries\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/entries/_server.ts.js'))
			}
		],
		prerendered_routes: new Set(["/about"]),
		matchers: async () => {
			
			return {  };
		},
		server_assets: {}
	}
}
})();
