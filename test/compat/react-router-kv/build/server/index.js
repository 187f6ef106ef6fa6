import { f } from "./assets/worker-entry-AkPmx8bB.js";
export {
  f as default
};
