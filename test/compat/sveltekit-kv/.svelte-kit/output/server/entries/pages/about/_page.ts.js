const prerender = true;
export {
  prerender
};
