import type { ReactNode } from "react";

/**
 * A form's submit button: disabled while its save is in flight (`busy`, the form's
 * `isPending`), and then labelled with the progress text instead of its own.
 */
export function SubmitButton({
  busy,
  busyLabel = "Saving...",
  disabled = false,
  className = "btn btn--primary",
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
