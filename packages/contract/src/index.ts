export * from "./common.js";
export * from "./reference.js";
export * from "./reference-endpoints.js";
export * from "./session.js";
export * from "./media.js";
export * from "./registry.js";
export * from "./tournaments.js";
export * from "./pages.js";
