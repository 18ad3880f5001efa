import { useT } from "@/lib/i18n/use-t";
/** Inline loading state; `role=status` so screen readers hear it without stealing focus. */
export function Loading({ label }: { label?: string }) {
  const _ = useT();
  return (
    <p className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      {label ?? _("common.loading")}
    </p>
  );
}
