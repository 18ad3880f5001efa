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

// React first, then the app, each in its own task: react-dom's set-up and the app's modules are
// each tens of milliseconds on a phone, and one task of both would block input for their sum.
const start = () =>
  void import("react-dom/client").then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(() => import("./app-main"));
if (document.getElementById("root")?.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
