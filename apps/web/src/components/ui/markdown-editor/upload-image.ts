import { UploadSchema } from "@site/contract/schemas";
import { ApiError, postForm } from "@/lib/api-client";

export const DEFAULT_UPLOAD_URL = "/api/uploads";

/**
 * The editor's default uploader: multipart POST of field `file` to /api/uploads (CSRF header
 * added by the client) answering `{url, ...}`. Returns the URL to embed.
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const raw = await postForm(DEFAULT_UPLOAD_URL, form);
  const parsed = UploadSchema.pick({ url: true }).safeParse(raw);
  if (!parsed.success) throw new ApiError(200, "The upload answer could not be read.", "ui.upload_unreadable");
  return parsed.data.url;
}
