import { useT } from "@/lib/i18n/use-t";

/**
 * The part of a logo field that follows the "use logo" radio choice (001 §3 use_logo; tournament
 * and template forms): the current logo when 'existing' is chosen ('No logo yet.' when there is
 * none), a file input when 'upload' is chosen, nothing otherwise. The file is checked by the
 * server (2MB cap, 413 message); `accept` only narrows the browser's picker.
 */
export function LogoChoice({
  choice,
  currentLogo,
  inputId,
  label,
  onFile,
}: {
  choice: string;
  currentLogo: string | null | undefined;
  inputId: string;
  label: string;
  onFile: (file: File | null) => void;
}) {
  const _ = useT();
  if (choice === "existing") {
    return currentLogo ? (
      <img className="form-logo-preview" src={currentLogo} alt={_("ui.logo.current")} width={96} height={96} />
    ) : (
      <p className="muted">{_("ui.logo.none")}</p>
    );
  }
  if (choice !== "upload") return null;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </div>
  );
}
