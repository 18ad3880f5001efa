/** Inline loading state; `role=status` so screen readers hear it without stealing focus. */
export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
