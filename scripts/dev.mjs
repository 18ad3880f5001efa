// `npm run dev`: the API server with reload on change (port 3000) and Vite with hot module
// replacement (port 5173), whose proxy sends /api and /uploads to the server.
import { spawn } from "node:child_process";

const procs = [
  // From the repository root, so ./data is the same folder `npm start` uses.
  // DEMO=1 (unless set): a development machine gets the demo dataset, as with `npm start`.
  spawn(process.execPath, ["--import", "tsx", "--watch", "apps/server/src/server.ts"], {
    stdio: "inherit",
    env: { DEMO: "1", ...process.env },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit" }),
];
const stop = () => procs.forEach((p) => p.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
procs.forEach((p) =>
  p.on("exit", (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
