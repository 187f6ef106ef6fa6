const variables = {};
const dynamic_private_env = {};
const explicit_public_env = {};
const rendered_env = {};
function set_env(env) {
}
export {
  dynamic_private_env,
  explicit_public_env,
  rendered_env,
  set_env,
  variables
};
