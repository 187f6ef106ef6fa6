import { fail, redirect } from "@sveltejs/kit";
import { v as validate, e as entryKey, l as listEntries } from "../../chunks/entries.js";
const load = async ({ platform }) => {
  const env = platform.env;
  return {
    title: env.GUESTBOOK_TITLE,
    entries: await listEntries(env.GUESTBOOK),
    protocol: platform.cf?.httpProtocol ?? "unknown"
  };
};
const actions = {
  default: async ({ request, platform }) => {
    const form = await request.formData();
    const checked = validate(form.get("name"), form.get("message"));
    if ("errors" in checked) {
      return fail(400, { name: String(form.get("name") ?? ""), message: String(form.get("message") ?? ""), errors: checked.errors });
    }
    const at = /* @__PURE__ */ new Date();
    const id = crypto.randomUUID();
    await platform.env.GUESTBOOK.put(entryKey(id, at), JSON.stringify({ id, ...checked, at: at.toISOString() }));
    redirect(303, "/");
  }
};
export {
  actions,
  load
};
