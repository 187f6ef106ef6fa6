import { a5 as head } from "../../../chunks/index.js";
function _page($$renderer) {
  head("cwls5q", $$renderer, ($$renderer2) => {
    $$renderer2.title(($$renderer3) => {
      $$renderer3.push(`<title>About the guestbook</title>`);
    });
  });
  $$renderer.push(`<h1>About</h1> <p>A guestbook on SvelteKit, kept in KV. This page was prerendered.</p>`);
}
export {
  _page as default
};
