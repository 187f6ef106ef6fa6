import { a5 as head, e as escape_html, a6 as attr, a7 as ensure_array_like } from "../../chunks/index.js";
function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data, form } = $$props;
    head("1uha8ag", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>${escape_html(data.title)}</title>`);
      });
    });
    $$renderer2.push(`<h1>${escape_html(data.title)}</h1> <form method="POST"><label>Name <input name="name"${attr("value", form?.name ?? "")}/></label> `);
    if (form?.errors?.name) {
      $$renderer2.push(`<!--[0--><p class="error" data-field="name">${escape_html(form.errors.name)}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <label>Message <textarea name="message">`);
    const $$body = escape_html(form?.message ?? "");
    if ($$body) {
      $$renderer2.push(`${$$body}`);
    }
    $$renderer2.push(`</textarea></label> `);
    if (form?.errors?.message) {
      $$renderer2.push(`<!--[0--><p class="error" data-field="message">${escape_html(form.errors.message)}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <button>Sign</button></form> <ol class="entries">`);
    const each_array = ensure_array_like(data.entries);
    if (each_array.length !== 0) {
      $$renderer2.push("<!--[-->");
      for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
        let entry = each_array[$$index];
        $$renderer2.push(`<li><strong>${escape_html(entry.name)}</strong>: ${escape_html(entry.message)}</li>`);
      }
    } else {
      $$renderer2.push(`<!--[!--><li class="empty">No entries yet.</li>`);
    }
    $$renderer2.push(`<!--]--></ol> <p class="protocol">${escape_html(data.protocol)}</p>`);
  });
}
export {
  _page as default
};
