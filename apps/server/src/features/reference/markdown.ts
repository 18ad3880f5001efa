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

/** Markdown (user-written) → sanitized HTML safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(md.render(markdown), SANITIZE);
}

/** Sanitizes HTML written by the server itself (notification messages) with the same rules. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown → plain text, whitespace collapsed, cut to `max` characters with an ellipsis. */
export function markdownPreview(markdown: string, max: number): string {
  const text = sanitizeHtml(md.render(markdown), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
