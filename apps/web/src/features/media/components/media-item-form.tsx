import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MEDIA_KINDS, type MediaKind } from "@site/contract";
import { MediaItemBodySchema } from "@site/contract/schemas";
import { Panel } from "@/components/ui/panel";
import { TextField } from "@/components/ui/text-field";
import { useErrorText } from "@/lib/i18n/error-text";
import { useAddMediaItem } from "../api/add-media-item";
import { blankToNull } from "./blank-to-null";
import { MEDIA_PANELS } from "./media-panel";
import { useT } from "@/lib/i18n/use-t";

const LINK_PLACEHOLDER = "https://";

/**
 * Adds a video, live stream or social post to the home page's panels (/admin/media): kind,
 * title, link, optional image link and author, checked with the contract's MediaItemBodySchema
 * (links must be http(s)). After a success the fields clear but the kind stays, since items are
 * often added in runs of one kind.
 */
export function MediaItemForm() {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const add = useAddMediaItem();
  const kindId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(MediaItemBodySchema),
    defaultValues: { kind: "youtube" as MediaKind, title: "", url: "", image: "", author: "" },
  });

  const submit = handleSubmit((values) =>
    add.mutate(values, { onSuccess: () => reset({ kind: values.kind, title: "", url: "", image: "", author: "" }) }),
  );

  return (
    <Panel title={_("media.itemForm.title")} className="media-admin__form">
      <form noValidate onSubmit={submit}>
        {add.isError && (
          <p className="form-error" role="alert">
            {errorText(add.error)}
          </p>
        )}
        {add.isSuccess && (
          <p className="form-success" role="status">
            {_("media.itemForm.added")}
          </p>
        )}
        <div className="field">
          <label htmlFor={kindId}>{_("media.itemForm.panel")}</label>
          <select id={kindId} className="input" {...register("kind")}>
            {MEDIA_KINDS.map((k) => (
              <option key={k} value={k}>
                {_(MEDIA_PANELS[k].title)}
              </option>
            ))}
          </select>
        </div>
        <TextField label={_("media.field.title")} error={fieldError(errors.title?.message)} {...register("title")} />
        <TextField
          label={_("media.field.link")}
          type="url"
          placeholder={LINK_PLACEHOLDER}
          error={fieldError(errors.url?.message)}
          {...register("url")}
        />
        <TextField
          label={_("media.field.image")}
          type="url"
          placeholder={LINK_PLACEHOLDER}
          error={fieldError(errors.image?.message)}
          {...register("image", { setValueAs: blankToNull })}
        />
        <TextField label={_("media.field.author")} error={fieldError(errors.author?.message)} {...register("author")} />
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          {_("media.itemForm.submit")}
        </button>
      </form>
    </Panel>
  );
}
