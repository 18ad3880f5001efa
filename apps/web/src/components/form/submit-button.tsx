import type { ReactNode } from "react";
import { useT } from "@/lib/i18n/use-t";

/**
 * A form's submit button: disabled while its save is in flight (`busy`, the form's
 * `isPending`), and then labelled with the progress text instead of its own ('Saving...' by default).
 */
export function SubmitButton({
  busy,
  busyLabel,
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
  const _ = useT();
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? (busyLabel ?? _("ui.form.saving")) : children}
    </button>
  );
}
