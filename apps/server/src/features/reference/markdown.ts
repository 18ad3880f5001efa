import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// Raw HTML is off in the parser and the output is sanitized again, so neither a markdown
// trick nor a parser bug can smuggle script, event handlers or javascript: URLs through.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "strong",
    "em",
    "s",
    "del",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
    th: ["style"],
    td: ["style"],
    ol: ["start"],
  },
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
  },
};

/** Longer texts are rendered every time (memory stays under max × this many characters). */
const MEMO_MAX_CHARS = 20_000;

/**
 * Remembers the last `max` answers of a pure text → text function by their input, for texts up
 * to MEMO_MAX_CHARS. Pages render the same stored markdown (a tournament's description and
 * rules, the news posts) on every request the micro-cache does not answer, and on a tournament
 * day every registration write clears that cache: rendering and sanitizing cost 0.3–2 ms per
 * text, a lookup by the text a few microseconds. The answer is the same either way.
 */
export function memoText(fn: (text: string) => string, max = 500): (text: string) => string {
  const memo = new Map<string, string>();
  return (text) => {
    if (text.length > MEMO_MAX_CHARS) return fn(text);
    const hit = memo.get(text);
    if (hit !== undefined) return hit;
    const out = fn(text);
    if (memo.size >= max) memo.delete(memo.keys().next().value!);
    memo.set(text, out);
    return out;
  };
}

const renderOnce = memoText((markdown) => sanitizeHtml(md.render(markdown), SANITIZE));

/** Markdown (user-written) → sanitized HTML safe to insert into a page (remembered by text, see `memoText`). */
export function renderMarkdown(markdown: string): string {
  return renderOnce(markdown);
}

/** Sanitizes HTML written by the server itself (notification messages) with the same rules. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Where one block of rendered markdown ends: paragraphs, list items, headings, quotes, cells, line breaks. */
const BLOCK_END = /<\/(?:p|li|h[1-6]|blockquote|pre|td|th|tr)>|<br\s*\/?>|<hr\s*\/?>/i;
/** A block that already ends a sentence (possibly followed by a closing quote or bracket). */
const ENDS_SENTENCE = /[.!?:;…]["'”’)\]]*$/;

/** One memo per preview length. */
const previews = new Map<number, (text: string) => string>();

/**
 * Markdown → plain text, whitespace collapsed, cut to `max` characters with an ellipsis
 * (remembered by text and length, see `memoText`).
 * Blocks are kept apart: a block (a list item, a heading, a line) that does not end with
 * punctuation gets a '.' before the next one, so 'Ten weekly qualifiers' and 'A live final'
 * do not run together as one sentence.
 */
export function markdownPreview(markdown: string, max: number): string {
  let memo = previews.get(max);
  if (!memo) previews.set(max, (memo = memoText((text) => computePreview(text, max))));
  return memo(markdown);
}

function computePreview(markdown: string, max: number): string {
  const blocks = md
    .render(markdown)
    .split(BLOCK_END)
    .map((html) =>
      sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((b) => b !== "");
  const text = blocks.map((b, i) => (i < blocks.length - 1 && !ENDS_SENTENCE.test(b) ? `${b}.` : b)).join(" ");
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
