/** Toolbar commands of the markdown editor (000 §2 Shared widgets), in toolbar order. */
export const MARKDOWN_COMMANDS = [
  { id: "header", label: "Header" },
  { id: "bold", label: "Bold" },
  { id: "italic", label: "Italic" },
  { id: "link", label: "Link" },
  { id: "image", label: "Image" },
  { id: "unordered-list", label: "Unordered list" },
  { id: "ordered-list", label: "Ordered list" },
] as const;
export type MarkdownCommand = (typeof MARKDOWN_COMMANDS)[number]["id"];

/** Text plus the selection to restore after an edit. */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

function wrap(text: string, start: number, end: number, before: string, after: string, fallback: string): TextEdit {
  const selected = text.slice(start, end) || fallback;
  const next = text.slice(0, start) + before + selected + after + text.slice(end);
  // Keep the wrapped words selected so a second click (or typing) acts on them.
  return { text: next, selectionStart: start + before.length, selectionEnd: start + before.length + selected.length };
}

function prefixLines(text: string, start: number, end: number, prefix: (i: number) => string): TextEdit {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const nl = text.indexOf("\n", end);
  const lineEnd = end > start && text[end - 1] === "\n" ? end - 1 : nl === -1 ? text.length : nl;
  const block = text.slice(lineStart, lineEnd);
  const prefixed = block
    .split("\n")
    .map((line, i) => prefix(i) + line)
    .join("\n");
  const next = text.slice(0, lineStart) + prefixed + text.slice(lineEnd);
  return { text: next, selectionStart: lineStart + prefix(0).length, selectionEnd: lineStart + prefixed.length };
}

/**
 * Applies a toolbar command around the selection [start, end): bold/italic wrap it, link and
 * image wrap it in `[..](url)` with `url` selected for overtyping, header and lists prefix
 * every selected line.
 */
export function applyMarkdownCommand(command: MarkdownCommand, text: string, start: number, end: number): TextEdit {
  switch (command) {
    case "bold":
      return wrap(text, start, end, "**", "**", "bold text");
    case "italic":
      return wrap(text, start, end, "_", "_", "italic text");
    case "link":
    case "image": {
      const bang = command === "image" ? "!" : "";
      const label = text.slice(start, end) || (command === "image" ? "image" : "link text");
      const inserted = `${bang}[${label}](url)`;
      const next = text.slice(0, start) + inserted + text.slice(end);
      const urlAt = start + inserted.length - "url)".length;
      return { text: next, selectionStart: urlAt, selectionEnd: urlAt + 3 };
    }
    case "header":
      return prefixLines(text, start, end, () => "### ");
    case "unordered-list":
      return prefixLines(text, start, end, () => "- ");
    case "ordered-list":
      return prefixLines(text, start, end, (i) => `${i + 1}. `);
  }
}

/** Inserts `insert` at [start, end), placing the caret after it. */
export function insertAt(text: string, start: number, end: number, insert: string): TextEdit {
  const next = text.slice(0, start) + insert + text.slice(end);
  const caret = start + insert.length;
  return { text: next, selectionStart: caret, selectionEnd: caret };
}

/**
 * The '@mention' being typed just before the caret, or null. A mention starts at '@' after
 * whitespace (or at the start) and runs to the caret without spaces.
 */
export function mentionAtCaret(text: string, caret: number): { query: string; start: number } | null {
  const m = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { query: m[2] ?? "", start: caret - (m[2] ?? "").length - 1 };
}
