import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import type { MessageId } from "@lingui/core";
import { LIMITS } from "@site/contract";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { Flag } from "../flag";
import {
  applyMarkdownCommand,
  insertAt,
  MARKDOWN_COMMANDS,
  mentionAtCaret,
  type MarkdownCommand,
  type TextEdit,
} from "./markdown-commands";
import { useMarkdownPreview } from "./render-markdown";
import { useMentionPlayers } from "./search-mention-players";
import { uploadImage } from "./upload-image";

/** Toolbar glyphs: letters for text styles, small inline SVGs (no emoji-font dependency) for the rest. */
const svg = (d: string) => (
  <svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);
/* eslint-disable lingui/no-unlocalized-strings -- glyphs (aria-hidden; each button is named by its message) and SVG paths */
const GLYPHS: Record<MarkdownCommand, ReactNode> = {
  header: "H",
  bold: "B",
  italic: "I",
  link: svg("M6.5 9.5l3-3M7 4.5l1-1a2.8 2.8 0 014 4l-1 1M9 11.5l-1 1a2.8 2.8 0 01-4-4l1-1"),
  image: svg("M2.5 3.5h11v9h-11zM2.5 10.5l3-3 3 3 2-2 3 3M10.5 6.5h.01"),
  "unordered-list": svg("M6 4h8M6 8h8M6 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01"),
  "ordered-list": svg("M6 4h8M6 8h8M6 12h8M2 3l1-.5V5.5M2 9.5h1.5L2 11.5h1.5"),
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The toolbar buttons' names (MARKDOWN_COMMANDS' labels) in the page's language. */
const COMMAND_IDS: Record<MarkdownCommand, MessageId> = {
  header: "ui.markdown.header",
  bold: "ui.markdown.bold",
  italic: "ui.markdown.italic",
  link: "ui.markdown.link",
  image: "ui.markdown.image",
  "unordered-list": "ui.markdown.unorderedList",
  "ordered-list": "ui.markdown.orderedList",
};

/**
 * Shown in the text while an image uploads (000 §2 Shared widgets), and the file input's label:
 * the English of ui.markdown.uploading and ui.markdown.attachHint (the editor writes them in the
 * page's language).
 */
export const UPLOAD_PLACEHOLDER = "Uploading image...";
export const ATTACH_HINT = "Attach files by dragging & dropping, selecting or pasting them.";

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the text area. */
  label: string;
  id?: string;
  name?: string;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  /** Stores an image and resolves to its URL. Default: multipart POST to /api/uploads. */
  onUpload?: (file: File) => Promise<string>;
  /** '@' suggestions from the player registry; on by default (000 §2). */
  mentions?: boolean;
}

type Tab = "write" | "preview";

/**
 * Markdown editor (000 §2 Shared widgets):
 * - tabs Write (default) and Preview; the preview is the server's sanitized HTML from
 *   POST /api/markdown, so it is inserted as HTML;
 * - toolbar: header, bold, italic, link, image, unordered list, ordered list, each acting on
 *   the selection;
 * - the text area is 200–500 px high and resizable within that range;
 * - images attach by drag & drop, file selection (the hint is the file input's label) or paste:
 *   'Uploading image...' stands in the text until `onUpload` resolves, then becomes `![](url)`;
 * - typing '@' lists up to 8 matching players; picking one inserts `@Name `.
 */
export function MarkdownEditor({
  value,
  onChange,
  label,
  id,
  name,
  placeholder,
  maxLength,
  disabled,
  onUpload = uploadImage,
  mentions = true,
}: MarkdownEditorProps) {
  const _ = useT();
  const { errorText } = useErrorText();
  const uploadPlaceholder = _("ui.markdown.uploading");
  const autoId = useId();
  const textareaId = id ?? `${autoId}-text`;
  const fileId = `${autoId}-file`;
  const [tab, setTab] = useState<Tab>("write");
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [mention, setMention] = useState<{ query: string; start: number } | null>(null);
  const [activeSuggestion, setActiveSuggestion] = useState(0);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Uploads finish after further typing, so they must edit the latest text, not the text of
  // the render that started them.
  const valueRef = useRef(value);
  const pendingSelection = useRef<[number, number] | null>(null);

  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  // Restore the caret/selection after a programmatic edit, once React has written the value.
  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    const el = textareaRef.current;
    if (sel && el) {
      el.focus();
      el.setSelectionRange(sel[0], sel[1]);
      pendingSelection.current = null;
    }
  }, [value]);

  const emit = (edit: TextEdit) => {
    valueRef.current = edit.text;
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    onChange(edit.text);
  };

  const selection = (): [number, number] => {
    const el = textareaRef.current;
    return el ? [el.selectionStart, el.selectionEnd] : [valueRef.current.length, valueRef.current.length];
  };

  const runCommand = (command: MarkdownCommand) => {
    const [start, end] = selection();
    emit(applyMarkdownCommand(command, valueRef.current, start, end));
  };

  // --- uploads ---------------------------------------------------------------------------
  const upload = async (file: File) => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type
    if (!file.type.startsWith("image/")) {
      setUploadError(_("ui.markdown.onlyImages"));
      return;
    }
    setUploadError(null);
    const [start, end] = selection();
    // The placeholder as written now, so a language switch during the upload still finds it.
    const placeholder = uploadPlaceholder;
    emit(insertAt(valueRef.current, start, end, placeholder));
    let replacement = "";
    try {
      replacement = `![](${await onUpload(file)})`;
    } catch (err) {
      setUploadError(errorText(err));
    }
    const current = valueRef.current;
    const at = current.indexOf(placeholder);
    if (at === -1) return; // the user deleted the placeholder; respect that
    const next = current.slice(0, at) + replacement + current.slice(at + placeholder.length);
    valueRef.current = next;
    onChange(next);
  };
  const uploadAll = (files: Iterable<File>) => {
    for (const f of files) void upload(f);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) uploadAll(Array.from(e.dataTransfer.files));
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type
    const images = Array.from(e.clipboardData.files).filter((f) => f.type.startsWith("image/"));
    if (images.length === 0) return; // plain text paste: let the browser handle it
    e.preventDefault();
    uploadAll(images);
  };
  const onFileInput = (e: ChangeEvent<HTMLInputElement>) => {
    uploadAll(Array.from(e.target.files ?? []));
    e.target.value = ""; // allow choosing the same file again
  };

  // --- mentions --------------------------------------------------------------------------
  const trackMention = (el: HTMLTextAreaElement) => {
    if (!mentions) return;
    const next = el.selectionStart === el.selectionEnd ? mentionAtCaret(el.value, el.selectionStart) : null;
    setMention((prev) => (prev?.query === next?.query && prev?.start === next?.start ? prev : next));
    if (next?.query !== mention?.query) setActiveSuggestion(0);
  };
  const mentionQuery = useDebouncedValue(mention?.query ?? null, 150);
  const suggestionsQuery = useMentionPlayers(mention && mentionQuery !== null ? mentionQuery : null);
  const suggestions = mention ? (suggestionsQuery.data ?? []) : [];
  const pickMention = (displayName: string) => {
    if (!mention) return;
    const [caret] = selection();
    emit(insertAt(valueRef.current, mention.start, caret, `@${displayName} `));
    setMention(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!mention || suggestions.length === 0) return;
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActiveSuggestion((i) => Math.min(suggestions.length - 1, i + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActiveSuggestion((i) => Math.max(0, i - 1));
    } else if (e.key === "Enter" || e.key === "Tab") {
      const p = suggestions[activeSuggestion];
      if (p) {
        e.preventDefault();
        pickMention(p.display_name);
      }
    } else if (e.key === "Escape") {
      e.preventDefault();
      setMention(null);
    }
  };

  const preview = useMarkdownPreview(value, tab === "preview");
  const suggestionsId = `${autoId}-mentions`;

  return (
    <div className={["markdown-editor", dragging ? "is-dragging" : ""].filter(Boolean).join(" ")}>
      <div className="markdown-editor__bar">
        <div className="markdown-editor__tabs" role="tablist" aria-label={_("ui.markdown.mode", { label })}>
          {(["write", "preview"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${autoId}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${autoId}-panel-${t}`}
              className={tab === t ? "is-active" : undefined}
              onClick={() => setTab(t)}
            >
              {t === "write" ? _("ui.markdown.write") : _("ui.markdown.preview")}
            </button>
          ))}
        </div>
        {tab === "write" && (
          <div className="markdown-editor__toolbar" role="toolbar" aria-label={_("ui.markdown.formatting")}>
            {MARKDOWN_COMMANDS.map((c) => (
              <button
                key={c.id}
                type="button"
                aria-label={_(COMMAND_IDS[c.id])}
                title={_(COMMAND_IDS[c.id])}
                disabled={disabled}
                onClick={() => runCommand(c.id)}
                className={`md-cmd md-cmd--${c.id}`}
              >
                <span aria-hidden="true">{GLYPHS[c.id]}</span>
              </button>
            ))}
          </div>
        )}
      </div>

      <div id={`${autoId}-panel-write`} role="tabpanel" aria-labelledby={`${autoId}-tab-write`} hidden={tab !== "write"}>
        <div
          className="markdown-editor__drop"
          onDragOver={(e) => {
            e.preventDefault();
            if (!dragging) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <textarea
            ref={textareaRef}
            id={textareaId}
            name={name}
            className="input markdown-editor__textarea"
            aria-label={label}
            placeholder={placeholder}
            maxLength={maxLength}
            disabled={disabled}
            value={value}
            style={{ minHeight: LIMITS.editorMinHeightPx, maxHeight: LIMITS.editorMaxHeightPx, height: LIMITS.editorMinHeightPx }}
            onChange={(e) => {
              valueRef.current = e.target.value;
              onChange(e.target.value);
              trackMention(e.target);
            }}
            onSelect={(e) => trackMention(e.currentTarget)}
            onBlur={() => setMention(null)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            aria-autocomplete={mentions ? "list" : undefined}
            aria-controls={mention && suggestions.length ? suggestionsId : undefined}
          />
          {mention && suggestions.length > 0 && (
            <ul className="markdown-editor__mentions" id={suggestionsId} role="listbox" aria-label={_("ui.markdown.suggestions")}>
              {suggestions.map((p, i) => (
                <li
                  key={p.id}
                  role="option"
                  aria-selected={i === activeSuggestion}
                  className={i === activeSuggestion ? "is-active" : undefined}
                  onMouseDown={(e) => e.preventDefault()} // keep focus (and the caret) in the text area
                  onClick={() => pickMention(p.display_name)}
                >
                  <Flag code={p.country_code} name={p.country_name} /> {p.display_name}
                </li>
              ))}
            </ul>
          )}
        </div>
        <label className="markdown-editor__hint" htmlFor={fileId}>
          {_("ui.markdown.attachHint")}
        </label>
        <input id={fileId} type="file" accept="image/*" multiple className="visually-hidden" onChange={onFileInput} disabled={disabled} />
        {uploadError && (
          <p className="form-error" role="alert">
            {uploadError}
          </p>
        )}
      </div>

      <div
        id={`${autoId}-panel-preview`}
        role="tabpanel"
        aria-labelledby={`${autoId}-tab-preview`}
        hidden={tab !== "preview"}
        className="markdown-editor__preview"
      >
        {tab === "preview" &&
          (value.trim() === "" ? (
            <p className="muted">{_("ui.markdown.nothingToPreview")}</p>
          ) : preview.data ? (
            // Sanitized by the server (sanitize-html) before it reaches us.
            <div className="markdown-body" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : preview.isError ? (
            <p className="form-error" role="alert">
              {errorText(preview.error)}
            </p>
          ) : (
            <p className="loading" role="status">
              {_("ui.markdown.loadingPreview")}
            </p>
          ))}
      </div>
    </div>
  );
}
