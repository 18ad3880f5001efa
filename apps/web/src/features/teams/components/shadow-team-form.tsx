import { useWatch } from "react-hook-form";
import { DEFAULTS, GAME_MODES, LIMITS, TEAM_CATEGORY_KEYS, TEAM_COLORS } from "@site/contract";
import { ShadowTeamBodySchema } from "@site/contract/schemas";
import { Panel } from "@/components/ui/panel";
import { TeamTag } from "@/components/ui/team-tag";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useContractForm } from "@/lib/use-contract-form";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useCreateShadowTeam } from "../api/create-shadow-team";
import { colourName } from "@/lib/i18n/contract-labels";
import "./teams.css";

interface ShadowValues {
  team_category: string;
  team_name: string;
  team_tag: string;
  team_color: string;
}

/**
 * Shadow team creation (000 §2 '/registry/teams/shadow/new'; staff): name (≤ 30, 001 §5), tag
 * (≤ 5) and colour are required, plus the category. The answer's message is shown; a failure
 * shows the server's message (000 §8: the spec has no network-failure handler here, we show
 * the transport text).
 */
export function ShadowTeamForm({ onCreated }: { onCreated: (teamId: number) => void }) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const { form, submit, isPending, error } = useContractForm({
    schema: ShadowTeamBodySchema,
    defaults: { team_category: TEAM_CATEGORY_KEYS[0]!, team_name: "", team_tag: "", team_color: String(DEFAULTS.teamColor) },
    toBody: (v: ShadowValues) => ({ ...v, team_color: Number(v.team_color) }),
    toVariables: (body) => body,
    mutation: useCreateShadowTeam(),
    errorText,
    onSaved: (res) => {
      if (res.team_id !== null) onCreated(res.team_id);
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [tag, color] = useWatch({ control, name: ["team_tag", "team_color"] });
  return (
    <form className="team-form" noValidate onSubmit={submit} aria-busy={isPending}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Panel title={_("teams.badge.shadow")}>
        <div className="field">
          <label htmlFor="shadow-category">{_("teams.form.category")}</label>
          <select id="shadow-category" className="input" {...register("team_category")}>
            {TEAM_CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {GAME_MODES[k].abbrev}
              </option>
            ))}
          </select>
        </div>
        <div className="team-form__pair">
          <TextField
            label={_("teams.form.name")}
            maxLength={LIMITS.shadowTeamName}
            error={fieldError(errors.team_name?.message)}
            {...register("team_name")}
          />
          <TextField
            label={_("teams.form.tag")}
            maxLength={LIMITS.teamTag}
            error={fieldError(errors.team_tag?.message)}
            {...register("team_tag")}
          />
        </div>
        <div className="team-form__pair">
          <div className="field">
            <label htmlFor="shadow-color">{_("teams.form.colour")}</label>
            <select id="shadow-color" className="input" {...register("team_color")}>
              {TEAM_COLORS.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {_("teams.colour.option", { id: c.id, name: colourName(_, c.id) })}
                </option>
              ))}
            </select>
            {errors.team_color?.message && <p className="field__error">{fieldError(errors.team_color.message)}</p>}
          </div>
          <div className="field team-form__preview">
            <span className="team-form__preview-label">{_("teams.form.preview")}</span>
            <span className="color-field__preview">
              <TeamTag tag={tag || _("teams.form.sampleTag")} color={Number(color) || DEFAULTS.teamColor} />
            </span>
          </div>
        </div>
      </Panel>
      <div className="team-form__actions">
        <SubmitButton busy={isPending}>{_("teams.shadow.create")}</SubmitButton>
      </div>
    </form>
  );
}
