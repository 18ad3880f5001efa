import { useEffect, useRef, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Link } from "react-router";
import {
  DEFAULTS,
  GAME_MODES,
  LANGUAGES,
  LIMITS,
  RECRUITMENT_STATUSES,
  TEAM_CATEGORY_KEYS,
  TEAM_STATUSES,
  type TeamDetail,
} from "@site/contract";
import { NewTeamFormSchema, TeamAdminEditFormSchema, TeamEditFormSchema } from "@site/contract/schemas";
import { ColorSelect } from "@/components/ui/color-select";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { Panel } from "@/components/ui/panel";
import { TeamTag } from "@/components/ui/team-tag";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { toFormData, toFormRecord } from "@/lib/multipart-save";
import { useContractForm } from "@/lib/use-contract-form";
import { SubmitButton } from "@/components/form/submit-button";
import { useTeamPicker } from "../api/get-team-picker";
import { rosterAction } from "../api/roster-actions";
import { teamSaveError, type TeamSaveTarget, useSaveTeam } from "../api/save-team";
import { ConfirmLeaveDialog } from "./confirm-leave-dialog";
import { recruitmentLabel, teamLanguageLabel, teamStatusLabel, type TeamLanguage } from "../api/team-labels";
import { TeamLogo } from "./team-logo";
import "./teams.css";

/** new: /registry/new_team; edit: a leader's /registry/teams/{id}/edit; admin: an administrator's edit of any team. */
export type TeamFormMode = "new" | "edit" | "admin";

export interface TeamFormValues {
  team_category: string;
  team_name: string;
  team_tag: string;
  team_color: string;
  use_logo: "existing" | "upload" | "none";
  main_language: string;
  language_name: string;
  team_description: string;
  recruitment_status: string;
  primary_team_id: string;
  join_team: boolean;
  team_status: string;
  team_historical: boolean;
}

export interface TeamFormProps {
  mode: TeamFormMode;
  /** The team being edited (edit and admin modes). */
  team?: TeamDetail;
  /** Staff may create a team without joining it (New team: registration). */
  isStaff?: boolean;
  /** Where the form saves: a new team, a leader's edit or an administrator's edit. */
  target: TeamSaveTarget;
  /** After 'success': usually navigate to the team page. */
  onSaved: (teamId: number) => void;
}

function defaults(team: TeamDetail | undefined): TeamFormValues {
  return {
    team_category: team?.category ?? TEAM_CATEGORY_KEYS[0]!,
    team_name: team?.team_name ?? "",
    team_tag: team?.team_tag ?? "",
    team_color: String(team?.team_color ?? DEFAULTS.teamColor),
    use_logo: team ? "existing" : "none",
    main_language: team?.main_language ?? "",
    language_name: team?.main_language === "other" ? team.language_name : "",
    team_description: team?.team_description ?? "",
    recruitment_status: team?.recruitment_status ?? "recruiting",
    primary_team_id: team?.primary_team_id ? String(team.primary_team_id) : "",
    join_team: true,
    team_status: team?.team_status ?? "unapproved",
    team_historical: team?.is_historical ?? false,
  };
}

/** The form's values as the multipart fields of each call (000 §3 New team form / Team form fields sent). */
export function toFields(v: TeamFormValues, mode: TeamFormMode): Record<string, string | number | boolean> {
  const common = {
    team_name: v.team_name,
    team_tag: v.team_tag,
    team_color: v.team_color,
    use_logo: v.use_logo,
    main_language: v.main_language,
    language_name: v.main_language === "other" ? v.language_name : "",
    team_description: v.team_description,
    recruitment_status: v.recruitment_status,
  };
  if (mode === "new")
    return { ...common, team_category: v.team_category, primary_team_id: v.primary_team_id || "0", join_team: v.join_team };
  if (mode === "edit") return common;
  return {
    ...common,
    team_category: v.team_category,
    team_status: v.team_status,
    team_historical: v.team_historical,
    primary_team: v.primary_team_id || "0",
  };
}

const SCHEMAS = { new: NewTeamFormSchema, edit: TeamEditFormSchema, admin: TeamAdminEditFormSchema } as const;

/** The primary team: a team the creator leads (new) or any team by name (admin). */
function PrimaryTeamField({
  mode,
  value,
  onChange,
  current,
}: {
  mode: TeamFormMode;
  value: string;
  onChange: (v: string) => void;
  current?: TeamDetail;
}) {
  const _ = useT();
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), 250);
  const picker = useTeamPicker(mode === "admin" ? term : "", mode === "new");
  const options = (picker.data?.data ?? []).filter((t) => t.team_id !== current?.id);
  if (mode === "new" && options.length === 0) return null;
  const known = new Set(options.map((o) => String(o.team_id)));
  return (
    <div className="team-form__primary">
      {mode === "admin" && (
        <div className="field">
          <label htmlFor="team-primary-search">{_("teams.form.findPrimary")}</label>
          <input
            id="team-primary-search"
            className="input"
            type="search"
            placeholder={_("teams.form.searchTeams")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor="team-primary">{_("teams.form.primary")}</label>
        <select id="team-primary" className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{_("teams.form.primaryNone")}</option>
          {value && !known.has(value) && current?.primary_team_id !== null && current?.primary_team_name && (
            <option value={value}>{current.primary_team_name}</option>
          )}
          {options.map((o) => (
            <option key={o.team_id} value={String(o.team_id)}>
              {o.team_name} ({o.category_title})
            </option>
          ))}
        </select>
      </div>
      <p className="field__hint">{_("teams.form.primaryHint")}</p>
    </div>
  );
}

/**
 * The team form (000 §2 New team page, Team edit and team edit admin; §3 form fields; §5 limits):
 * general info (category, name ≤ 35, tag ≤ 5), customisation (colour 1–40, default 1; logo ≤ 200KB
 * kept, uploaded or removed), language (name ≤ 20 for Other), description (markdown), management
 * (recruitment, primary team), registration (joining as leader; admin: status and historical
 * flag) and save. Outcomes: an error box (413 'The logo exceeds the maximum size of 200KB.',
 * the server's message, or 'An unknown error has occurred.'), the claim offer ('A historical team
 * with this name already exists'), the leave-first prompt, or success.
 */
export function TeamForm({ mode, team, isStaff = false, target, onSaved }: TeamFormProps) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const serverText = useServerText();
  const [claimSending, setClaimSending] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [claim, setClaim] = useState<{ teamId: number; sent: string | null } | null>(null);
  const [leavePrompt, setLeavePrompt] = useState<{ team_name: string; team_tag?: string; team_color?: number } | null>(null);

  const { form, submit, send, isPending, error, setError } = useContractForm({
    schema: SCHEMAS[mode],
    defaults: defaults(team),
    toBody: (v: TeamFormValues) => toFields(v, mode),
    schemaInput: toFormRecord,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a form field's name
    fieldError: (field, message) => ({ field: field === "primary_team" ? "primary_team_id" : field, message }),
    precheck: (v) => (v.use_logo === "upload" && !file ? _("teams.form.chooseLogo") : null),
    beforeSend: () => setClaim(null),
    toVariables: (fields) => ({
      target,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the multipart field's name
      form: toFormData(fields, { field: "team_logo", file: fields.use_logo === "upload" ? file : null }),
    }),
    mutation: useSaveTeam(),
    onSaved: (res) => {
      if (res.status === "claim" && res.team_id !== null) setClaim({ teamId: res.team_id, sent: null });
      else if (res.status === "confirm_leave" && res.current_team) setLeavePrompt(res.current_team);
      else if (res.status === "success" && res.team_id !== null) onSaved(res.team_id);
    },
    errorText: (err) =>
      teamSaveError(err, {
        tooLarge: _("teams.form.logoTooLarge", { size: `${LIMITS.teamLogoBytes / 1024}KB` }),
        refusal: errorText,
        unknown: _("error.unknown"),
      }),
  });
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = form;
  const [useLogo, mainLanguage, color, tag] = useWatch({ control, name: ["use_logo", "main_language", "team_color", "team_tag"] });

  // The outcome shows beside the Save button; bring it into view (the form is long on phones).
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error || claim) resultRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [error, claim]);

  const sendClaim = async () => {
    if (!claim) return;
    setClaimSending(true);
    try {
      const r = await rosterAction({ kind: "claim", teamId: claim.teamId });
      setClaim({ ...claim, sent: serverText(r.message, "teams.done.claimSent") });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setClaimSending(false);
    }
  };

  const disabled = isPending || claimSending;
  const selectable = mode === "new" || mode === "admin";

  return (
    <form className="team-form" noValidate onSubmit={submit} aria-busy={disabled}>
      <Panel title={_("teams.form.general")}>
        {selectable && (
          <div className="field">
            <label htmlFor="team-category">{_("teams.form.category")}</label>
            <select
              id="team-category"
              className="input"
              aria-invalid={errors.team_category ? true : undefined}
              {...register("team_category")}
            >
              {TEAM_CATEGORY_KEYS.map((k) => (
                <option key={k} value={k}>
                  {GAME_MODES[k].abbrev}
                </option>
              ))}
            </select>
            {errors.team_category?.message && <p className="field__error">{fieldError(errors.team_category.message)}</p>}
          </div>
        )}
        {mode !== "new" && team && !selectable && (
          <p className="field__hint team-form__category">{_("teams.form.categoryIs", { category: team.category_title })}</p>
        )}
        <div className="team-form__pair">
          <TextField
            label={_("teams.form.name")}
            maxLength={LIMITS.teamName}
            autoComplete="off"
            error={fieldError(errors.team_name?.message)}
            {...register("team_name")}
          />
          <TextField
            label={_("teams.form.tag")}
            maxLength={LIMITS.teamTag}
            autoComplete="off"
            error={fieldError(errors.team_tag?.message)}
            {...register("team_tag")}
          />
        </div>
        {mode === "edit" && team?.team_status !== "unapproved" && <p className="field__hint">{_("teams.form.changeNote")}</p>}
      </Panel>

      <Panel title={_("teams.form.customisation")}>
        <div className="team-form__pair">
          <div className="field">
            <label htmlFor="team-color">{_("teams.form.colour")}</label>
            <ColorSelect id="team-color" aria-invalid={errors.team_color ? true : undefined} {...register("team_color")} />
            {errors.team_color?.message && <p className="field__error">{fieldError(errors.team_color.message)}</p>}
          </div>
          <div className="field team-form__preview">
            <span className="team-form__preview-label">{_("teams.form.preview")}</span>
            <span className="color-field__preview">
              <TeamTag tag={tag || _("teams.form.sampleTag")} color={Number(color) || DEFAULTS.teamColor} />
            </span>
          </div>
        </div>
        <fieldset className="team-form__logo">
          <legend>{_("teams.form.logo", { size: `${LIMITS.teamLogoBytes / 1024}KB` })}</legend>
          {team && <TeamLogo url={team.team_logo} name={team.team_name} size={72} />}
          <div className="team-form__choices">
            {team?.team_logo && (
              <label className="choice">
                <input type="radio" value="existing" {...register("use_logo")} /> {_("teams.form.logoKeep")}
              </label>
            )}
            {team && !team.team_logo && (
              <label className="choice">
                <input type="radio" value="existing" {...register("use_logo")} /> {_("teams.form.logoNoChange")}
              </label>
            )}
            <label className="choice">
              <input type="radio" value="upload" {...register("use_logo")} /> {_("teams.form.logoUpload")}
            </label>
            <label className="choice">
              <input type="radio" value="none" {...register("use_logo")} /> {_("teams.form.logoNone")}
            </label>
          </div>
          {useLogo === "upload" && (
            <div className="field">
              <label htmlFor="team-logo-file">{_("teams.form.logoFile")}</label>
              <input
                id="team-logo-file"
                className="input"
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
          )}
        </fieldset>
      </Panel>

      <Panel title={_("teams.form.languagePanel")}>
        <div className="team-form__pair">
          <div className="field">
            <label htmlFor="team-language">{_("teams.form.mainLanguage")}</label>
            <select id="team-language" className="input" {...register("main_language")}>
              <option value="">{_("teams.language.none")}</option>
              {(Object.keys(LANGUAGES) as TeamLanguage[]).map((k) => (
                <option key={k} value={k}>
                  {teamLanguageLabel(_, k)}
                </option>
              ))}
            </select>
          </div>
          {mainLanguage === "other" && (
            <TextField
              label={_("teams.form.languageName")}
              maxLength={LIMITS.languageName}
              error={fieldError(errors.language_name?.message)}
              {...register("language_name")}
            />
          )}
        </div>
      </Panel>

      <Panel title={_("teams.form.descriptionPanel")}>
        <Controller
          name="team_description"
          control={control}
          render={({ field }) => <MarkdownEditor label={_("teams.form.description")} value={field.value} onChange={field.onChange} />}
        />
        {errors.team_description?.message && <p className="field__error">{fieldError(errors.team_description.message)}</p>}
      </Panel>

      <Panel title={_("teams.form.management")}>
        <div className="field">
          <label htmlFor="team-recruitment">{_("teams.form.recruitment")}</label>
          <select id="team-recruitment" className="input" {...register("recruitment_status")}>
            {RECRUITMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {recruitmentLabel(_, s)}
              </option>
            ))}
          </select>
        </div>
        {(mode === "new" || mode === "admin") && (
          <Controller
            name="primary_team_id"
            control={control}
            render={({ field }) => (
              <PrimaryTeamField mode={mode} value={field.value} onChange={field.onChange} {...(team ? { current: team } : {})} />
            )}
          />
        )}
        {errors.primary_team_id?.message && <p className="field__error">{fieldError(errors.primary_team_id.message)}</p>}
      </Panel>

      {mode === "new" && (
        <Panel title={_("teams.form.registration")}>
          {isStaff ? (
            <label className="choice">
              <input type="checkbox" {...register("join_team")} /> {_("teams.form.joinAsLeader")}
            </label>
          ) : (
            <p className="field__hint team-form__note">{_("teams.form.leaderNote")}</p>
          )}
        </Panel>
      )}
      {mode === "admin" && (
        <Panel title={_("teams.form.registration")}>
          <div className="team-form__pair">
            <div className="field">
              <label htmlFor="team-status">{_("teams.form.status")}</label>
              <select id="team-status" className="input" {...register("team_status")}>
                {TEAM_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {teamStatusLabel(_, s)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <span className="team-form__preview-label">{_("teams.form.activity")}</span>
              <label className="choice">
                <input type="checkbox" {...register("team_historical")} /> {_("teams.form.historical")}
              </label>
            </div>
          </div>
        </Panel>
      )}

      <div ref={resultRef} className="team-form__result">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {claim && (
          <div className="team-claim" role="alert">
            <p className="team-claim__text">
              {/* The save's status "claim" is the one answer naming a historical team with this name (#21). */}
              {_("teams.form.historicalExists")}
            </p>
            {claim.sent ? (
              <p className="form-success" role="status">
                {claim.sent}
              </p>
            ) : (
              <>
                <p>
                  <Trans id="teams.form.claimOffer" components={{ 0: <Link to={paths.team(claim.teamId)} target="_blank" /> }} />
                </p>
                <button type="button" className="btn btn--primary" onClick={() => void sendClaim()} disabled={disabled}>
                  {_("teams.form.sendClaim")}
                </button>
              </>
            )}
          </div>
        )}
      </div>

      <div className="team-form__actions">
        <SubmitButton busy={disabled}>{mode === "new" ? _("teams.form.create") : _("teams.form.save")}</SubmitButton>
        {team && <Link to={paths.team(team.id)}>{_("teams.form.back")}</Link>}
      </div>

      {leavePrompt && (
        <ConfirmLeaveDialog
          current={leavePrompt}
          action={{ kind: "create" }}
          busy={disabled}
          onNo={() => setLeavePrompt(null)}
          onYes={() => {
            setLeavePrompt(null);
            void send({ ...toFields(getValues(), mode), leave_current: true });
          }}
        />
      )}
    </form>
  );
}
