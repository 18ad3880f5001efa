import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { NewsBodySchema } from "@site/contract/schemas";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { Panel } from "@/components/ui/panel";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useAddNews } from "../api/add-news";
import { blankToNull } from "./blank-to-null";

const LINK_PLACEHOLDER = "https://";

/**
 * Posts a news item (/admin/media; it appears in the home "Latest News" panel, 000 §2): title,
 * markdown content written in the shared MarkdownEditor, optional image link. Checked with the
 * contract's NewsBodySchema; after a success the form clears and links the new post.
 */
export function NewsForm() {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const post = useAddNews();
  const contentId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(NewsBodySchema), defaultValues: { title: "", content: "", image: "" } });

  const submit = handleSubmit((values) => post.mutate(values, { onSuccess: () => reset() }));

  return (
    <Panel title={_("media.newsForm.title")} className="media-admin__news">
      <form noValidate onSubmit={submit}>
        {post.isError && (
          <p className="form-error" role="alert">
            {errorText(post.error)}
          </p>
        )}
        {post.isSuccess && (
          <p className="form-success" role="status">
            <Trans id="media.newsForm.posted" components={{ 0: <Link to={paths.news(post.data.id)} /> }} />
          </p>
        )}
        <TextField label={_("media.field.title")} error={fieldError(errors.title?.message)} {...register("title")} />
        <div className="field">
          {/* The editor names its text area itself; this is the visible caption of the same name. */}
          <label htmlFor={contentId}>{_("media.field.content")}</label>
          <Controller
            name="content"
            control={control}
            render={({ field }) => (
              <MarkdownEditor id={contentId} label={_("media.field.content")} value={field.value} onChange={field.onChange} />
            )}
          />
          {errors.content?.message && <p className="field__error">{fieldError(errors.content.message)}</p>}
        </div>
        <TextField
          label={_("media.field.image")}
          type="url"
          placeholder={LINK_PLACEHOLDER}
          error={fieldError(errors.image?.message)}
          {...register("image", { setValueAs: blankToNull })}
        />
        <button type="submit" className="btn btn--primary" disabled={post.isPending}>
          {_("media.newsForm.submit")}
        </button>
      </form>
    </Panel>
  );
}
