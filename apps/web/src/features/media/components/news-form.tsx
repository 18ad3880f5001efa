import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { NewsBodySchema } from "@site/contract/schemas";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { Panel } from "@/components/ui/panel";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useAddNews } from "../api/add-news";
import { blankToNull } from "./blank-to-null";

/**
 * Posts a news item (/admin/media; it appears in the home "Latest News" panel, 000 §2): title,
 * markdown content written in the shared MarkdownEditor, optional image link. Checked with the
 * contract's NewsBodySchema; after a success the form clears and links the new post.
 */
export function NewsForm() {
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
    <Panel title="Post news" className="media-admin__news">
      <form noValidate onSubmit={submit}>
        {post.isError && (
          <p className="form-error" role="alert">
            {errorMessage(post.error)}
          </p>
        )}
        {post.isSuccess && (
          <p className="form-success" role="status">
            News posted. <Link to={paths.news(post.data.id)}>View the post</Link>
          </p>
        )}
        <TextField label="Title" error={errors.title?.message} {...register("title")} />
        <div className="field">
          {/* The editor names its text area itself; this is the visible caption of the same name. */}
          <label htmlFor={contentId}>Content</label>
          <Controller
            name="content"
            control={control}
            render={({ field }) => <MarkdownEditor id={contentId} label="Content" value={field.value} onChange={field.onChange} />}
          />
          {errors.content?.message && <p className="field__error">{errors.content.message}</p>}
        </div>
        <TextField
          label="Image link (optional)"
          type="url"
          placeholder="https://"
          error={errors.image?.message}
          {...register("image", { setValueAs: blankToNull })}
        />
        <button type="submit" className="btn btn--primary" disabled={post.isPending}>
          Post News
        </button>
      </form>
    </Panel>
  );
}
