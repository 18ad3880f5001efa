import type { Control, FieldPath, FieldValues, UseFormRegisterReturn } from "react-hook-form";
import { Controller } from "react-hook-form";
import { EVENT_FORMATS, GAME_MODE_KEYS, GAME_MODES, LIMITS, ORGANIZERS, PR_TIERS } from "@site/contract";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { TextField } from "@/components/ui/text-field";
import { formatLabel, organizerLabel, prTierLabel } from "@/lib/i18n/contract-labels";
import { useT } from "@/lib/i18n/use-t";
import { Checkbox, RadioGroup, Select } from "./form-fields";
import { formatFields, formatOfField } from "./format-fields";

export { formatOfField };

/**
 * The parts the tournament, template and series forms share (001 §5): their option lists, the
 * LAN location radios, the registration format's requirement fields and the markdown texts.
 * Each form keeps its own multipart field names (001 §7 differs per form: `minimum_players`
 * on tournaments, `minimum_team_size` on templates), so the fields take `register(...)`
 * results rather than names.
 */

type Option = { value: string; label: string };
type Translate = ReturnType<typeof useT>;

/** Registration formats as the wire gives them (the `EVENT_FORMAT` codes as strings), in code order: Team, Solo, Squad. */
export const FORMAT_OPTIONS: readonly Option[] = Object.entries(EVENT_FORMATS).map(([value, label]) => ({ value, label }));

export const MODE_OPTIONS: readonly Option[] = GAME_MODE_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev }));
export const ORGANIZER_OPTIONS: readonly Option[] = Object.entries(ORGANIZERS).map(([value, label]) => ({ value, label }));
export const PR_OPTIONS: readonly Option[] = Object.entries(PR_TIERS).map(([value, label]) => ({ value, label }));

/** FORMAT_OPTIONS in the page's language (`formatOptions(_)` with `_ = useT()`). */
export const formatOptions = (_: Translate): Option[] => FORMAT_OPTIONS.map((o) => ({ value: o.value, label: formatLabel(_, o.value) }));
/** ORGANIZER_OPTIONS in the page's language. */
export const organizerOptions = (_: Translate): Option[] =>
  ORGANIZER_OPTIONS.map((o) => ({ value: o.value, label: organizerLabel(_, o.value) }));
/** PR_OPTIONS in the page's language. */
export const prOptions = (_: Translate): Option[] => PR_OPTIONS.map((o) => ({ value: o.value, label: prTierLabel(_, o.value) }));

/**
 * The Location radios and text shown for LAN organizers. `modes` lists the radios in order
 * (tournaments: Specify, TBD; templates add Unspecified; series add Various); the text field
 * appears only while `mode` is 'specify'.
 */
export function LanLocationFields({
  modes,
  mode,
  modeField,
  textField,
}: {
  modes: readonly Option[];
  mode: string;
  modeField: UseFormRegisterReturn;
  textField: UseFormRegisterReturn;
}) {
  const _ = useT();
  return (
    <>
      <RadioGroup legend={_("ui.event.location")} options={modes} {...modeField} />
      {mode === "specify" && <TextField label={_("ui.event.location")} maxLength={LIMITS.location} {...textField} />}
    </>
  );
}

/** Requirement fields both the tournament and the template form name alike (001 §7). */
type SharedRequirementName =
  | "pr_value"
  | "squad_tag_required"
  | "squad_name_required"
  | "host_required"
  | "ign_required"
  | "checkin_required"
  | "verification_required";

/**
 * What a registration format asks of its entrants (001 §3, §5), showing only the fields that
 * apply (`formatFields`, #17 §8): team size and Power Rankings tier for teams; squad size, tag
 * and name for squads; host, in-game name and check-ins for solo and squads, and the minimum
 * check-ins per squad once `checkinRequired`; verification for all. The forms send hidden
 * fields neutral (`withoutHiddenFields`). `names` gives the three fields whose multipart names
 * differ per form (tournaments: minimum_players, maximum_players, checkin_minimum; templates:
 * minimum_team_size, maximum_team_size, minimum_checkins). `locked` makes the tag, name, host
 * and in-game name requirements read-only (a tournament that exists keeps them, 001 §2).
 */
export function RequirementFields<N extends string>({
  format,
  checkinRequired,
  register,
  names,
  locked = false,
  teamSizeLabel,
  hostLabel,
}: {
  format: string;
  /** The form's current Check-ins Enabled value. */
  checkinRequired: boolean;
  register: (name: SharedRequirementName | N) => UseFormRegisterReturn;
  names: { minimumPlayers: N; maximumPlayers: N; checkinMinimum: N };
  locked?: boolean;
  teamSizeLabel: string;
  hostLabel: string;
}) {
  const _ = useT();
  const show = formatFields(formatOfField(format), checkinRequired);
  const count = (label: string, name: N) => (
    <TextField label={label} inputMode="numeric" maxLength={LIMITS.teamSizeDigits} {...register(name)} />
  );
  return (
    <>
      {show.teamSize && (
        <div className="form-row">
          {count(teamSizeLabel, names.minimumPlayers)}
          {show.prTier && <Select label={_("ui.event.prTier")} options={prOptions(_)} {...register("pr_value")} />}
        </div>
      )}
      {show.squadSize && (
        <div className="form-row">
          {count(_("ui.event.minSquadPlayers"), names.minimumPlayers)}
          {count(_("ui.event.maxSquadPlayers"), names.maximumPlayers)}
        </div>
      )}
      {show.squadTagAndName && (
        <>
          <Checkbox label={_("ui.event.squadTagRequired")} disabled={locked} {...register("squad_tag_required")} />
          <Checkbox label={_("ui.event.squadNameRequired")} disabled={locked} {...register("squad_name_required")} />
        </>
      )}
      {show.hostAndIgn && (
        <>
          <Checkbox label={hostLabel} disabled={locked} {...register("host_required")} />
          <Checkbox label={_("ui.event.ignRequired")} disabled={locked} {...register("ign_required")} />
        </>
      )}
      {show.checkins && <Checkbox label={_("ui.event.checkinsEnabled")} {...register("checkin_required")} />}
      {show.checkinMinimum && count(_("ui.event.minCheckins"), names.checkinMinimum)}
      {locked && show.hostAndIgn && <p className="field__hint">{_("ui.event.locked")}</p>}
      <Checkbox label={_("ui.event.verificationRequired")} {...register("verification_required")} />
    </>
  );
}

/** A labelled markdown editor bound to one text field of a react-hook-form form. */
export function MarkdownField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label: string }) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <MarkdownEditor label={label} value={field.value as string} onChange={field.onChange} />}
      />
    </div>
  );
}
