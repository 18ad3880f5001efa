/**
 * Score-table image render time (issue #20 §3: p95 under 150 ms).
 *
 *   node --import tsx scripts/measure-table-images.ts [--runs 100] [--out DIR]
 *
 * Renders a 12-racer 2v2 room (6 duos, 8 races, per-race columns) and a 24-racer solo room
 * (12 races) `--runs` times each, every run a different table (one score changes), so no
 * image is ever answered from the endpoint's cache: each run is layout + SVG + PNG, as a
 * request for a new or corrected table pays. The process's first render (reading the fonts'
 * subsets and rasterising flags) is reported apart. Names mix Latin, Japanese, Greek and
 * Cyrillic so the Japanese and other subsets are loaded. Writes bench-results/table-images.md
 * and, with --out, the last PNG of each kind.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { layoutTable, type TableImageData } from "../apps/server/src/features/rounds/table-image/layout.js";
import { measureText, renderPng } from "../apps/server/src/features/rounds/table-image/render.js";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg("runs") ?? 100);
const OUT = arg("out");

const NAMES = [
  "Lorenzo",
  "たけし",
  "Σπύρος",
  "Владимир",
  "Nguyễn Văn An",
  "SpicyCactus",
  "Kai",
  "東京太郎",
  "Mia",
  "Zed_MK",
  "Éloïse",
  "ShunKart",
];
const FLAGS = ["IT", "JP", "GR", "RU", "VN", "US", "DE", "JP", "FR", "MX", "CA", "JP"];

function duos(run: number): TableImageData {
  return {
    title: "200cc Duos Showdown",
    subtitle: "Round 1 · Room 1 · 8 races · 2v2 · Mario Kart 8 Deluxe",
    footer: "Racing Central · table entered 2026-11-25 16:20 UTC",
    squads: true,
    columns: "race",
    mismatch: null,
    sides: Array.from({ length: 6 }, (_, i) => ({
      tag: ["GOLD", "TMP", "SOL", "東", "MID", "ROT"][i]!,
      name: `Squad ${i + 1}`,
      color: ["#f8bbd0", "#1e1b4b", "#000000", "#26c6da", "#2e7d32", "#f9a825"][i]!,
      rank: i + 1,
      total: 180 - i * 10 + (i === 0 ? run : 0),
      advanced: i < 2 ? ("yes" as const) : i === 2 ? ("wildcard" as const) : ("no" as const),
      racers: [0, 1].map((k) => ({
        name: NAMES[i * 2 + k]!,
        country: FLAGS[i * 2 + k]!,
        scores: Array.from({ length: 8 }, (_, r) => ((i * 3 + k * 5 + r * 7) % 15) + 1 + (i === 0 && k === 0 && r === 0 ? run : 0)),
        penalty: i === 3 && k === 1 ? 15 : 0,
        total: 90 - i * 5 - k * 3 + (i === 0 && k === 0 ? run : 0),
      })),
    })),
  };
}

function solo(run: number): TableImageData {
  return {
    title: "Mario Kart World Knockout Cup",
    subtitle: "Final · Room 1 · 12 races · 24 racers · Mario Kart World",
    footer: "Racing Central · table entered 2026-11-25 16:20 UTC",
    squads: false,
    columns: "race",
    mismatch: null,
    sides: Array.from({ length: 24 }, (_, i) => ({
      tag: null,
      name: `${NAMES[i % 12]} ${i}`,
      color: null,
      rank: i + 1,
      total: 300 - i * 9 + (i === 0 ? run : 0),
      advanced: i < 6 ? ("yes" as const) : ("no" as const),
      racers: [
        {
          name: `${NAMES[i % 12]} ${i}`,
          country: FLAGS[i % 12]!,
          scores: Array.from({ length: 12 }, (_, r) => 25 - i + (i === 0 && r === 0 ? run : 0)),
          penalty: i === 5 ? 10 : 0,
          total: 300 - i * 9 + (i === 0 ? run : 0),
        },
      ],
    })),
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => n.toFixed(1);

async function measure(kind: string, make: (run: number) => TableImageData) {
  const times: number[] = [];
  const cpu: number[] = [];
  let png: Buffer = Buffer.alloc(0);
  for (let run = 1; run <= RUNS; run++) {
    // The endpoint's path: layout and SVG on the event loop, rasterising and PNG encoding on libuv's pool.
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    png = await renderPng(layoutTable(make(run), measureText));
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    // CPU time of the whole process (every thread) for the render: what it costs whatever else runs on the machine.
    cpu.push((c.user + c.system) / 1000);
  }
  if (OUT) writeFileSync(join(OUT, `${kind}.png`), png);
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { kind, times, cpu, bytes: png.length };
}

if (OUT) mkdirSync(OUT, { recursive: true });
const t0 = performance.now();
await renderPng(layoutTable(duos(0), measureText));
await renderPng(layoutTable(solo(0), measureText));
const first = performance.now() - t0;
const results = [await measure("duos-12", duos), await measure("solo-24", solo)];

const lines = [
  "# Score-table images: render time",
  "",
  `${new Date().toISOString()}, Node ${process.version}, ${RUNS} renders of each kind, every one a different table (no image cache).`,
  `First renders of the process (fonts' subsets read, flags rasterised): ${ms(first)} ms for both.`,
  "",
  `Load average when it started: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} on ${cpus().length} CPUs (the timings are wall-clock, so other work on the machine counts).`,
  "",
  "| table | p50 ms | p95 ms | p99 ms | max ms | CPU p50 ms | CPU p95 ms | PNG bytes |",
  "|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.kind} | ${ms(pct(r.times, 50))} | ${ms(pct(r.times, 95))} | ${ms(pct(r.times, 99))} | ${ms(r.times.at(-1)!)} | ${ms(pct(r.cpu, 50))} | ${ms(pct(r.cpu, 95))} | ${r.bytes} |`,
  ),
  "",
];
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/table-images.md", lines.join("\n"));
console.log(lines.join("\n"));
