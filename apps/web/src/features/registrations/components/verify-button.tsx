import { useT } from "@/lib/i18n/use-t";

/**
 * The administrators' 'Verify' link for a registration below the tournament's
 * verification_required: posting status registered to the move call verifies a registered
 * squad or player (001 §7 move_squad, move_player). Preceded by a space, for inline use.
 */
export function VerifyButton({ onVerify, disabled = false }: { onVerify: () => void; disabled?: boolean }) {
  const _ = useT();
  return (
    <>
      {" "}
      <button type="button" className="link-button" disabled={disabled} onClick={onVerify}>
        {_("registration.verify")}
      </button>
    </>
  );
}
