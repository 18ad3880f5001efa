import { UploadSchema } from "@site/contract/schemas";
import { ApiError, postForm } from "@/lib/api-client";

/**
 * Uploads a profile background (multipart field `file` to POST /api/uploads?purpose=profile,
 * capped at 8MB by the server with a 413) and resolves to its upload id, which the profile save
 * then references (`use_background: 'upload'`, `background: id`).
 */
export async function uploadBackground(file: File): Promise<number> {
  const form = new FormData();
  form.append("file", file);
  const raw = await postForm("/api/uploads?purpose=profile", form);
  const parsed = UploadSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(500, "The upload answer could not be read.");
  return parsed.data.id;
}
