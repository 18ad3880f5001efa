/** The demo dataset lives in seed/demo/ (one file per concern); this path stays for existing imports. */
export { seedDemo } from "./demo/index.js";
