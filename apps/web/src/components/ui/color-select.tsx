import { type ComponentProps, useId } from "react";
import { TEAM_COLORS } from "@site/contract";
import { colourName } from "@/lib/i18n/contract-labels";
import { useT } from "@/lib/i18n/use-t";
import { TeamTag } from "./team-tag";

/**
 * The named colour select of 000 §3 (colours 1–40, '1. Light Red' …, in the page's language), shared by the team form
 * and the squad registration forms. Values are the colour ids as strings; a form library's
 * register() result can be spread onto it (React 19 passes `ref` as a prop).
 */
export function ColorSelect({ className, ...props }: Omit<ComponentProps<"select">, "children">) {
  const _ = useT();
  return (
    <select className={className ? `input ${className}` : "input"} {...props}>
      {TEAM_COLORS.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {_("teams.colour.option", { id: c.id, name: colourName(_, c.id) })}
        </option>
      ))}
    </select>
  );
}

/**
 * A labelled colour select with a live preview of the tag in that colour (as on the New Team
 * form), for controlled forms: `value` and `onChange` carry the colour id as a number.
 */
export function ColorField({
  label,
  value,
  onChange,
  tag,
}: {
  label: string;
  value: number;
  onChange: (color: number) => void;
  /** The tag to preview; 'TAG' while empty. */
  tag: string;
}) {
  const _ = useT();
  const id = useId();
  return (
    <div className="color-field">
      <label htmlFor={id}>{label}</label>
      <div className="color-field__row">
        <ColorSelect id={id} value={String(value)} onChange={(e) => onChange(Number(e.target.value) || 1)} />
        <span className="color-field__preview" aria-label={_("ui.color.tagPreview")}>
          <TeamTag tag={tag || _("ui.color.sampleTag")} color={value} />
        </span>
      </div>
    </div>
  );
}
