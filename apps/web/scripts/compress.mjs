// After `vite build`: write .br and .gz beside every text asset, so the server sends the
// precompressed file (@fastify/static preCompressed) instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const TEXT = /\.(js|css|svg|html|json|txt)$/;
let files = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // dist/ssr is the server-render bundle: read by the server from disk, never sent.
    if (statSync(path).isDirectory()) {
      if (path !== join(dist, "ssr")) walk(path);
    } else if (TEXT.test(name) && statSync(path).size >= 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
}
walk(dist);
console.log(`compressed ${files} assets (.gz and .br)`);
