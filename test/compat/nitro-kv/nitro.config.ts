export default defineNitroConfig({
  preset: 'cloudflare_module',
  compatibilityDate: '2025-07-15',
  cloudflare: {
    deployConfig: true,
    nodeCompat: true,
  },
});
