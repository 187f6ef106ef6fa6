function entryKey(id, at) {
  return `entry:${String(864e13 - at.getTime()).padStart(16, "0")}:${id}`;
}
async function listEntries(kv) {
  const { keys } = await kv.list({ prefix: "entry:" });
  const values = await Promise.all(keys.map((k) => kv.get(k.name, "json")));
  return values.filter((v) => v !== null);
}
function validate(name, message) {
  const errors = {};
  const n = typeof name === "string" ? name.trim() : "";
  const m = typeof message === "string" ? message.trim() : "";
  if (n.length < 2 || n.length > 40) errors.name = "name must be 2-40 characters";
  if (m.length < 1 || m.length > 280) errors.message = "message must be 1-280 characters";
  return Object.keys(errors).length ? { errors } : { name: n, message: m };
}
export {
  entryKey as e,
  listEntries as l,
  validate as v
};
