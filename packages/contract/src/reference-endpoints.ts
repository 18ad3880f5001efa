import { z } from "zod";
import { endpoint } from "./common.js";

/** `GET /api/countries`: map of code to name, with ZZ 'Choose a Country' and XX 'Unknown Country'. */
export const CountriesSchema = z.record(z.string(), z.string());

/** `GET /api/tournaments/game_modes`: list of key and title (000 §7). */
export const GameModeItemSchema = z.object({ key: z.string(), title: z.string(), game: z.string(), game_title: z.string() });
export const GameModesSchema = z.array(GameModeItemSchema);

/**
 * Longest markdown the editor preview renders (`POST /api/markdown`), in characters. The spec
 * sets no preview limit; its longest markdown fields are the series long description (200,000)
 * and the tournament, template and news texts (100,000). Those still save; a preview of more
 * than this is refused with `MARKDOWN_PREVIEW_TOO_LONG` (see docs/decisions.md, #15).
 */
export const MARKDOWN_PREVIEW_MAX = 50_000;
// Thousands separators by hand, not `toLocaleString`: this module is evaluated by every page's
// first script, and a browser's first Intl number format loads locale data (~25 ms on a phone's
// main thread, #17 §6).
export const MARKDOWN_PREVIEW_TOO_LONG = `The preview is limited to ${String(MARKDOWN_PREVIEW_MAX).replace(/\B(?=(\d{3})+$)/g, ",")} characters.`;

export const MarkdownBodySchema = z.object({ markdown: z.string().max(MARKDOWN_PREVIEW_MAX, MARKDOWN_PREVIEW_TOO_LONG) });
export const MarkdownResponseSchema = z.object({ html: z.string() });

/** An uploaded image: where it is served and its sniffed size. */
export const UploadSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type Upload = z.infer<typeof UploadSchema>;

export const HealthSchema = z.object({ status: z.literal("ok"), database: z.string() });

export const referenceEndpoints = {
  countries: endpoint({ method: "GET", path: "/api/countries", response: CountriesSchema, summary: "Country code to name" }),
  gameModes: endpoint({
    method: "GET",
    path: "/api/tournaments/game_modes",
    response: GameModesSchema,
    summary: "Game modes (key and title)",
  }),
  markdown: endpoint({
    method: "POST",
    path: "/api/markdown",
    body: MarkdownBodySchema,
    response: MarkdownResponseSchema,
    summary: "Render markdown to sanitized HTML (editor preview)",
  }),
  health: endpoint({ method: "GET", path: "/api/health", response: HealthSchema, summary: "Answers when the database does" }),
};

/** What an upload is for; each purpose has its own size cap and 413 message (000 §8, 001 §8). */
export const UPLOAD_PURPOSES = {
  profile: { maxBytes: 8 * 1024 * 1024, label: "8MB" },
  team_logo: { maxBytes: 200 * 1024, label: "200KB" },
  tournament_logo: { maxBytes: 2 * 1024 * 1024, label: "2MB" },
  markdown: { maxBytes: 8 * 1024 * 1024, label: "8MB" },
} as const;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UploadQuerySchema = z.object({ purpose: z.enum(["profile", "team_logo", "tournament_logo", "markdown"]).default("markdown") });

/** The 413 text of an upload over its cap: 'The logo exceeds the maximum size of 200KB.' */
export function uploadTooLargeMessage(purpose: UploadPurpose): string {
  return `The logo exceeds the maximum size of ${UPLOAD_PURPOSES[purpose].label}.`;
}

export const uploadEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/uploads",
    query: UploadQuerySchema,
    response: UploadSchema,
    summary: "Upload an image (multipart field `file`); sniffed and re-encoded",
  }),
};
