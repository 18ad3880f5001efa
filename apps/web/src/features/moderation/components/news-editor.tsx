import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { NewsSource } from "@site/contract";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useNewsSource, useSaveNews } from "../api/news";
import "@/styles/moderation.css";

const LINK_PLACEHOLDER = "https://";

function NewsEditorForm({ id, initial }: { id: number | "new"; initial: Omit<NewsSource, "id"> }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const [title, setTitle] = useState(initial.title);
  const [image, setImage] = useState(initial.image ?? "");
  const [content, setContent] = useState(initial.content);
  const [published, setPublished] = useState(initial.published);
  const save = useSaveNews();
  const navigate = useNavigate();
  const ids = { title: useId(), image: useId(), content: useId(), published: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id, body: { title, image, content, published } },
      { onSuccess: (r) => void navigate(r.id && published ? paths.news(r.id) : paths.newsList) },
    );
  };
  return (
    <form className="news-editor" onSubmit={submit}>
      {save.isError && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.title}>{_("media.field.title")}</label>
        <input id={ids.title} className="input" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.image}>{_("media.field.image")}</label>
        <input
          id={ids.image}
          className="input"
          type="url"
          placeholder={LINK_PLACEHOLDER}
          value={image}
          onChange={(e) => setImage(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.content}>{_("media.field.content")}</label>
        <MarkdownEditor id={ids.content} label={_("media.field.content")} value={content} onChange={setContent} />
      </div>
      <label className="choice">
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} /> {_("moderation.news.published")}
      </label>
      <div className="news-editor__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {_("moderation.news.save")}
        </button>
        <Link to={paths.newsList}>{_("moderation.news.cancel")}</Link>
      </div>
    </form>
  );
}

/** `/news/{id}/edit` and `/news/new/edit` (administrators, moderators): title, image, markdown body, published. */
export function NewsEditor({ id }: { id: number | "new" }) {
  const source = useNewsSource(id === "new" ? null : id);
  if (id === "new") return <NewsEditorForm id="new" initial={{ title: "", image: null, content: "", published: true }} />;
  return <QueryState query={source}>{(d) => <NewsEditorForm id={id} initial={d} />}</QueryState>;
}
