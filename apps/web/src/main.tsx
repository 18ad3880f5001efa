import { applyTheme, readStoredTheme } from "./lib/theme";
import { reloadOnStaleChunks } from "./lib/stale-chunks";
import "./styles/index.css";

/*
 * The entry: small on purpose (#17 §6). It applies the remembered theme before the first paint
 * (the session may refine it a moment later) and loads the app. On a page the server drew, the
 * app is loaded after the page has painted, so on a slow phone connection the HTML and
 * stylesheets are not competing with the scripts for the first paint; the page is visible (and
 * its links work) meanwhile, and buttons wait for hydration (base.css, ready-marker.tsx).
 */
reloadOnStaleChunks();
applyTheme(readStoredTheme());

const start = () => void import("./app-main");
if (document.getElementById("root")?.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
