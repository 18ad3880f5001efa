import { useT } from "@/lib/i18n/use-t";
/** The in-game name's length limit (the tournament's mii name max length), shown under the field since maxLength cuts input off silently. */
export function MiiNameHint({ id, max }: { id?: string; max: number }) {
  const _ = useT();
  return (
    <small id={id} className="field__hint">
      {_("registration.atMost", { max })}
    </small>
  );
}
