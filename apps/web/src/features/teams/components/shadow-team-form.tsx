import { useState } from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { DEFAULTS, GAME_MODES, LIMITS, ShadowTeamBodySchema, TEAM_CATEGORY_KEYS, TEAM_COLORS } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { TeamTag } from "@/components/ui/team-tag";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-client";
import { useCreateShadowTeam } from "../api/create-shadow-team";
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
  const create = useCreateShadowTeam();
  const [error, setError] = useState<string | null>(null);
  const resolver: Resolver<ShadowValues> = async (values) => {
    const parsed = ShadowTeamBodySchema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<ShadowValues> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as keyof ShadowValues;
      if (field && !errors[field]) errors[field] = { type: "validate", message: issue.message };
    }
    return { values: {}, errors };
  };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ShadowValues>({
    resolver,
    defaultValues: { team_category: TEAM_CATEGORY_KEYS[0]!, team_name: "", team_tag: "", team_color: String(DEFAULTS.teamColor) },
  });
  const [tag, color] = useWatch({ control, name: ["team_tag", "team_color"] });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await create.mutateAsync({ ...v, team_color: Number(v.team_color) });
      if (res.team_id !== null) onCreated(res.team_id);
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <form className="team-form" noValidate onSubmit={submit} aria-busy={create.isPending}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Panel title="Shadow Team">
        <div className="field">
          <label htmlFor="shadow-category">Category</label>
          <select id="shadow-category" className="input" {...register("team_category")}>
            {TEAM_CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {GAME_MODES[k].abbrev}
              </option>
            ))}
          </select>
        </div>
        <div className="team-form__pair">
          <TextField label="Team Name" maxLength={LIMITS.shadowTeamName} error={errors.team_name?.message} {...register("team_name")} />
          <TextField label="Team Tag" maxLength={LIMITS.teamTag} error={errors.team_tag?.message} {...register("team_tag")} />
        </div>
        <div className="team-form__pair">
          <div className="field">
            <label htmlFor="shadow-color">Team Colour</label>
            <select id="shadow-color" className="input" {...register("team_color")}>
              {TEAM_COLORS.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.id}. {c.name}
                </option>
              ))}
            </select>
            {errors.team_color?.message && <p className="field__error">{errors.team_color.message}</p>}
          </div>
          <div className="field team-form__preview">
            <span className="team-form__preview-label">Preview</span>
            <span className="color-field__preview">
              <TeamTag tag={tag || "TAG"} color={Number(color) || DEFAULTS.teamColor} />
            </span>
          </div>
        </div>
      </Panel>
      <div className="team-form__actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          Create Shadow Team
        </button>
      </div>
    </form>
  );
}
