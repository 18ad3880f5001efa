import { parentPort } from "node:worker_threads";
import { renderMarkdown } from "./markdown.js";

/** A render job from markdown-preview.ts and its answer. */
export interface RenderJob {
  id: number;
  markdown: string;
}
export type RenderAnswer = { id: number; html: string } | { id: number; error: string };

// One job at a time: the pool sends the next only after this answer.
parentPort?.on("message", (job: RenderJob) => {
  let answer: RenderAnswer;
  try {
    answer = { id: job.id, html: renderMarkdown(job.markdown) };
  } catch (err) {
    answer = { id: job.id, error: String(err) };
  }
  parentPort?.postMessage(answer);
});
