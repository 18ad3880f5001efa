import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { LIMITS, type Template, type TournamentDetail } from "@site/contract";
import { TournamentFormSchema } from "@site/contract/schemas";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useSeriesNames } from "@/features/series/api/get-series";
import { useSession } from "@/features/session/api/get-session";
import { useTemplate } from "@/features/templates/api/templates";
import { ApiError } from "@/lib/api-client";
import { toFormData, toFormRecord } from "@/lib/multipart-save";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useErrorText } from "@/lib/i18n/error-text";
import { useContractForm } from "@/lib/use-contract-form";
import { SubmitButton } from "@/components/form/submit-button";
import { UtcTimePreview } from "@/components/form/utc-time-preview";
import { useTournament } from "../api/get-tournament";
import { useSaveTournament } from "../api/save-tournament";
import { ScheduleFields } from "./schedule-fields";
import { useSaveErrorText } from "../api/save-error-text";
import {
  FORMAT_OPTIONS,
  LanLocationFields,
  MarkdownField,
  MODE_OPTIONS,
  ORGANIZER_OPTIONS,
  RequirementFields,
} from "@/components/form/event-fields";
import { Checkbox, FormSection, RadioGroup, Select } from "@/components/form/form-fields";
import { withoutHiddenFields } from "@/components/form/format-fields";
import { TournamentNotFound } from "./tournament-page";
import { LogoChoice } from "@/components/ui/logo-choice";

/** The values of the form (001 §3 "Tournament form fields sent"), before they become multipart strings. */
export interface TournamentFormValues {
  series: string;
  series_stats_include: boolean;
  tournament_title: string;
  date: "specify" | "tbd" | "ongoing";
  start_date: string;
  end_date: string;
  transfer_deadline: string;
  use_logo: "existing" | "upload" | "none";
  organizer: string;
  location: "specify" | "tbd";
  specify_location: string;
  game_mode: string;
  registration_format: string;
  minimum_players: string;
  maximum_players: string;
  pr_value: string;
  squad_tag_required: boolean;
  squad_name_required: boolean;
  host_required: boolean;
  ign_required: boolean;
  checkin_required: boolean;
  checkin_minimum: string;
  /** The schedule (issue #17 §2): UTC 'YYYY-MM-DDTHH:mm', '' for none. */
  registrations_close_at: string;
  checkin_opens_at: string;
  checkin_closes_at: string;
  /** Cap on registered entrants (issue #22); '' is no cap. */
  max_entrants: string;
  verification_required: boolean;
  event_description: string;
  event_rules: string;
  post_registration_message: string;
  public: boolean;
  registrations_open: boolean;
  show_on_profiles: boolean;
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
/** '2026-11-22T15:00:00.000Z' → '2026-11-22T15:00', the value of a datetime-local input read as UTC. */
const utcLocal = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

export const EMPTY_VALUES: TournamentFormValues = {
  series: "",
  series_stats_include: true,
  tournament_title: "",
  date: "specify",
  start_date: "",
  end_date: "",
  transfer_deadline: "",
  use_logo: "none",
  organizer: "mkc",
  location: "specify",
  specify_location: "",
  game_mode: "",
  registration_format: "",
  minimum_players: "1",
  maximum_players: "1",
  pr_value: "0",
  squad_tag_required: false,
  squad_name_required: false,
  host_required: false,
  ign_required: false,
  checkin_required: false,
  checkin_minimum: "0",
  registrations_close_at: "",
  checkin_opens_at: "",
  checkin_closes_at: "",
  max_entrants: "",
  verification_required: false,
  event_description: "",
  event_rules: "",
  post_registration_message: "",
  public: false,
  registrations_open: false,
  show_on_profiles: true,
};

export function valuesFromTournament(t: TournamentDetail): TournamentFormValues {
  return {
    series: num(t.tournament_series_id),
    series_stats_include: t.series_stats_include,
    tournament_title: t.title,
    date: t.no_date ? "ongoing" : "specify",
    start_date: utcLocal(t.start_date),
    end_date: utcLocal(t.end_date),
    transfer_deadline: t.transfer_deadline ?? "",
    use_logo: t.logo_url ? "existing" : "none",
    organizer: t.organizer,
    location: t.location === "TBD" ? "tbd" : "specify",
    specify_location: t.location && t.location !== "TBD" ? t.location : "",
    game_mode: t.game_mode,
    registration_format: String(t.event_format),
    minimum_players: String(t.minimum_team_size),
    maximum_players: String(t.maximum_team_size),
    pr_value: String(t.pr_value),
    squad_tag_required: t.team_tag_required,
    squad_name_required: t.team_name_required,
    host_required: t.player_host_required,
    ign_required: t.player_mii_name_required,
    checkin_required: t.checkin_required,
    checkin_minimum: String(t.checkin_minimum),
    registrations_close_at: utcLocal(t.registrations_close_at),
    checkin_opens_at: utcLocal(t.checkin_opens_at),
    checkin_closes_at: utcLocal(t.checkin_closes_at),
    max_entrants: num(t.max_entrants),
    verification_required: t.verification_required > 0,
    event_description: t.description,
    event_rules: t.rules,
    post_registration_message: t.post_registration_message,
    public: t.published,
    registrations_open: t.registrations_open,
    show_on_profiles: t.show_on_profiles,
  };
}

export function valuesFromTemplate(t: Template): TournamentFormValues {
  return {
    ...EMPTY_VALUES,
    series: String(t.series_id),
    tournament_title: t.tournament_title,
    use_logo: t.resolved_logo_url ? "existing" : "none",
    organizer: t.resolved_organizer,
    location: t.location === "TBD" ? "tbd" : "specify",
    specify_location: t.location && t.location !== "TBD" ? t.location : "",
    game_mode: t.default_game_mode ?? "",
    registration_format: num(t.default_event_format),
    minimum_players: num(t.minimum_team_size) || "1",
    maximum_players: num(t.maximum_team_size) || num(t.minimum_team_size) || "1",
    pr_value: String(t.pr_value),
    squad_tag_required: t.team_tag_required,
    squad_name_required: t.team_name_required,
    host_required: t.player_host_required,
    ign_required: t.player_ign_required,
    checkin_required: t.checkin_required,
    checkin_minimum: num(t.checkin_minimum) || "0",
    verification_required: t.verification_required,
    event_description: t.description,
    event_rules: t.rules,
    post_registration_message: t.post_registration_message,
  };
}

/** The tournament form's names of the three format counts (001 §3). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- form field names
const COUNT_NAMES = { minimumPlayers: "minimum_players", maximumPlayers: "maximum_players", checkinMinimum: "checkin_minimum" } as const;

export interface TournamentFormProps {
  /** The tournament edited, or null for a new one. */
  tournament: TournamentDetail | null;
  /** The template a new tournament starts from. */
  template: Template | null;
  /** The viewer is an event administrator (001 §5: chooses series, organizer, game mode and format freely). */
  canChooseRestricted: boolean;
  onSaved: (id: number) => void;
}

/**
 * The tournament form (001 §2 Tournament edit, §3 fields, §5 creation rules). Registration
 * format and the squad tag, squad name, host and in-game name requirements are read-only once
 * the tournament exists; series, organizer, game mode and format are read-only to anyone but
 * event administrators, except a game mode or format the template left empty, which is then
 * reported as misconfigured and may be picked. Values are checked with the contract's schema
 * before the multipart POST; save errors follow 001 §8.
 */
export function TournamentForm({ tournament, template, canChooseRestricted, onSaved }: TournamentFormProps) {
  const _ = useT();
  const { fieldError } = useErrorText();
  const saveErrorText = useSaveErrorText();
  const isNew = tournament === null;
  const initial = tournament ? valuesFromTournament(tournament) : template ? valuesFromTemplate(template) : EMPTY_VALUES;
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const seriesNames = useSeriesNames();
  // The multipart fields (001 §3 "Tournament form fields sent"), checked as strings by the contract's schema.
  const { form, submit, isPending, error } = useContractForm({
    schema: TournamentFormSchema,
    defaults: initial,
    // Fields the chosen format hides are sent neutral (#17 §8), never a stale value.
    toBody: (values: TournamentFormValues) => ({
      template_id: isNew && template?.id ? template.id : undefined,
      ...withoutHiddenFields(values, COUNT_NAMES),
    }),
    schemaInput: toFormRecord,
    issues: "form",
    precheck: (values) => (values.use_logo === "upload" && !logoFile ? _("tournaments.form.chooseLogo") : null),
    toVariables: (record) => ({
      id: tournament?.id ?? ("new" as const),
      form: toFormData(record, { field: "logo", file: record.use_logo === "upload" ? logoFile : null }),
    }),
    mutation: useSaveTournament(),
    onSaved: (res) => onSaved(res.id),
    errorText: saveErrorText,
  });
  const { register, control } = form;

  const format = useWatch({ control, name: "registration_format" });
  const checkinRequired = useWatch({ control, name: "checkin_required" });
  const organizer = useWatch({ control, name: "organizer" });
  const dateMode = useWatch({ control, name: "date" });
  // Each UTC date field previews its value in the admin's zone and in UTC (issue 17 §2).
  const [startValue, endValue, deadlineValue] = useWatch({ control, name: ["start_date", "end_date", "transfer_deadline"] });
  const previewIds = { start: useId(), end: useId(), deadline: useId() };
  const capHintId = useId();
  const useLogo = useWatch({ control, name: "use_logo" });
  const locationMode = useWatch({ control, name: "location" });
  const misconfigured = template?.misconfigured_fields ?? [];
  const modeLocked = !canChooseRestricted && !(isNew && template && !template.default_game_mode);
  const formatLocked = !isNew || (!canChooseRestricted && !(template && template.default_event_format === null));
  const currentLogo = tournament?.logo_url ?? template?.resolved_logo_url ?? null;

  const seriesOptions = [
    { value: "", label: _("tournaments.form.seriesNone") },
    ...(seriesNames.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.series_name })),
  ];
  // A series the list does not show (still loading, or hidden) keeps its name from the page data.
  const initialSeries = initial.series;
  if (initialSeries && !seriesOptions.some((o) => o.value === initialSeries)) {
    seriesOptions.push({
      value: initialSeries,
      label: tournament?.series_name ?? template?.series_name ?? _("tournaments.form.seriesFallback", { id: initialSeries }),
    });
  }

  const restrictedHint = canChooseRestricted ? undefined : _("tournaments.form.restrictedHint");
  // The template's misconfigured fields, named by the server in English ('Game Mode'), in the page's language.
  const fieldNames: Record<string, string> = {
    "Game Mode": _("tournaments.list.gameMode"),
    "Registration Format": _("tournament.info.format"),
  };
  const locationModes = [
    { value: "specify", label: _("tournaments.form.specify") },
    { value: "tbd", label: _("tournaments.form.tbd") },
  ];

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      {misconfigured.length > 0 && (
        <p className="form-warning" role="alert">
          {_("tournaments.form.misconfigured", { fields: misconfigured.map((f) => fieldNames[f] ?? f).join(", ") })}
        </p>
      )}

      <FormSection title={_("tournament.title")}>
        <TextField label={_("tournaments.form.title")} maxLength={LIMITS.tournamentTitle} required {...register("tournament_title")} />
        <Select
          label={_("tournaments.form.series")}
          options={seriesOptions}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("series")}
        />
        <Checkbox label={_("tournaments.form.seriesStats")} {...register("series_stats_include")} />
      </FormSection>

      <FormSection title={_("tournaments.form.dates")}>
        <RadioGroup
          legend={_("tournaments.form.date")}
          options={[...locationModes, { value: "ongoing", label: _("tournaments.list.ongoing") }]}
          {...register("date")}
        />
        {dateMode === "specify" && (
          <div className="form-row">
            <div>
              <TextField
                label={_("tournaments.form.startDate")}
                type="datetime-local"
                aria-describedby={previewIds.start}
                {...register("start_date")}
              />
              <UtcTimePreview id={previewIds.start} value={startValue} kind="datetime" />
            </div>
            <div>
              <TextField
                label={_("tournaments.form.endDate")}
                type="datetime-local"
                aria-describedby={previewIds.end}
                {...register("end_date")}
              />
              <UtcTimePreview id={previewIds.end} value={endValue} kind="datetime" />
            </div>
          </div>
        )}
        <TextField
          label={_("tournaments.form.transferDeadline")}
          type="date"
          aria-describedby={previewIds.deadline}
          {...register("transfer_deadline")}
        />
        <UtcTimePreview id={previewIds.deadline} value={deadlineValue} kind="deadline" />
      </FormSection>

      <FormSection title={_("tournaments.form.logo")}>
        <RadioGroup
          legend={_("tournaments.form.logo")}
          options={[
            { value: "existing", label: _("tournaments.form.logo.existing") },
            { value: "upload", label: _("tournaments.form.logo.upload") },
            { value: "none", label: _("tournaments.form.logo.none") },
          ]}
          {...register("use_logo")}
        />
        <LogoChoice
          choice={useLogo}
          currentLogo={currentLogo}
          inputId="tournament-logo-file"
          label={_("tournaments.form.logoFile")}
          onFile={setLogoFile}
        />
      </FormSection>

      <FormSection title={_("tournaments.form.organizerAndLocation")}>
        <Select
          label={_("tournaments.form.organizedBy")}
          options={ORGANIZER_OPTIONS}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("organizer")}
        />
        {organizer === "lan" && (
          <LanLocationFields
            modes={locationModes}
            mode={locationMode}
            modeField={register("location")}
            textField={register("specify_location")}
          />
        )}
      </FormSection>

      <FormSection title={_("tournaments.list.format")}>
        <Select
          label={_("tournaments.list.gameMode")}
          options={[{ value: "", label: _("tournaments.form.chooseMode") }, ...MODE_OPTIONS]}
          readOnly={modeLocked}
          hint={modeLocked ? restrictedHint : undefined}
          {...register("game_mode")}
        />
        <Select
          label={_("tournament.info.format")}
          options={[{ value: "", label: _("tournaments.form.chooseFormat") }, ...FORMAT_OPTIONS]}
          readOnly={formatLocked}
          hint={!isNew ? _("tournaments.form.formatLocked") : formatLocked ? restrictedHint : undefined}
          {...register("registration_format")}
        />
        <RequirementFields
          format={format}
          checkinRequired={checkinRequired}
          locked={!isNew}
          teamSizeLabel={_("tournament.info.minTeamSize")}
          hostLabel={_("tournaments.form.hostRequired")}
          register={register}
          names={COUNT_NAMES}
        />
        {/* Solo, squad and team tournaments may be capped (issue #22 §1). */}
        <div>
          <TextField
            label={
              format === "2"
                ? _("tournaments.form.max.squads")
                : format === "1"
                  ? _("tournaments.form.max.players")
                  : format === "0"
                    ? _("tournaments.form.max.teams")
                    : _("tournaments.form.max.entrants")
            }
            inputMode="numeric"
            maxLength={4}
            placeholder={_("tournaments.form.noLimit")}
            aria-describedby={capHintId}
            {...register("max_entrants")}
          />
          <p className="field__hint" id={capHintId}>
            {_("tournaments.form.capHint", { kind: format === "2" ? "squad" : format === "0" ? "team" : "player" })}
          </p>
        </div>
      </FormSection>

      <ScheduleFields register={register} control={control} checkins={checkinRequired && format !== "0"} />

      <FormSection title={_("tournaments.form.texts")}>
        <MarkdownField control={control} name="event_description" label={_("tournaments.form.description")} />
        <MarkdownField control={control} name="event_rules" label={_("tournaments.form.rules")} />
        <MarkdownField control={control} name="post_registration_message" label={_("tournaments.form.postRegistration")} />
      </FormSection>

      <FormSection title={_("tournaments.controls.visibility")}>
        <Checkbox label={_("tournaments.form.public")} hint={_("tournaments.form.publicHint")} {...register("public")} />
        <Checkbox label={_("tournaments.form.registrationsOpen")} {...register("registrations_open")} />
        <Checkbox label={_("tournaments.controls.showResults")} {...register("show_on_profiles")} />
      </FormSection>

      {error && (
        <p className="form-error" role="alert">
          {fieldError(error)}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton busy={isPending}>{isNew ? _("tournaments.form.create") : _("tournaments.form.save")}</SubmitButton>
        <Link to={tournament ? paths.tournament(tournament.id) : paths.tournaments} className="btn btn--secondary">
          {_("tournaments.form.cancel")}
        </Link>
      </div>
    </form>
  );
}

/**
 * `/tournaments/{id}/edit` (id may be 'new', optional `?from_template=`): loads the tournament
 * or the template and the viewer's rights, then shows the form.
 */
export function TournamentEditor({ id, fromTemplate }: { id: number | "new"; fromTemplate: number | null }) {
  const _ = useT();
  const navigate = useNavigate();
  const session = useSession();
  const existing = useTournament(typeof id === "number" ? id : 0, typeof id === "number");
  const template = useTemplate(id === "new" ? fromTemplate : null);
  const onSaved = (savedId: number) => void navigate(paths.tournament(savedId));

  if (
    session.data === undefined ||
    (typeof id === "number" && existing.isPending) ||
    (fromTemplate !== null && id === "new" && template.isPending)
  ) {
    if (session.isError) return <FailurePanel onRetry={() => void session.refetch()} />;
    return <Loading />;
  }
  if (!session.data.user) {
    return (
      <p className="access-note">
        <Trans
          id="tournaments.form.logIn"
          components={{ 0: <Link to={paths.login(typeof id === "number" ? paths.tournamentEdit(id) : paths.chooseTemplate)} /> }}
        />
      </p>
    );
  }
  const canChooseRestricted = session.data.permissions.canEventAdministrate;
  if (typeof id === "number") {
    if (existing.isError) {
      if (existing.error instanceof ApiError && existing.error.status === 404) return <TournamentNotFound />;
      return <FailurePanel onRetry={() => void existing.refetch()} />;
    }
    const t = existing.data!;
    if (!t.can_administrate) return <p className="access-note">{_("tournaments.form.noPermission")}</p>;
    return <TournamentForm key={t.id} tournament={t} template={null} canChooseRestricted={canChooseRestricted} onSaved={onSaved} />;
  }
  if (fromTemplate !== null) {
    if (template.isError) {
      const status = template.error instanceof ApiError ? template.error.status : 0;
      if (status === 403 || status === 404) return <p className="access-note">{_("tournaments.form.templateRefused")}</p>;
      return <FailurePanel onRetry={() => void template.refetch()} />;
    }
    return (
      <TournamentForm
        key={`t${fromTemplate}`}
        tournament={null}
        template={template.data!}
        canChooseRestricted={canChooseRestricted}
        onSaved={onSaved}
      />
    );
  }
  if (!canChooseRestricted) {
    return (
      <p className="access-note">
        <Trans id="tournaments.form.scratchRefused" components={{ 0: <Link to={paths.chooseTemplate} /> }} />
      </p>
    );
  }
  return <TournamentForm key="new" tournament={null} template={null} canChooseRestricted onSaved={onSaved} />;
}
