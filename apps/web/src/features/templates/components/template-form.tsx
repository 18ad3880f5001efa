import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import {
  GAME_MODE_KEYS,
  GAME_MODES,
  LIMITS,
  ORGANIZERS,
  PR_TIERS,
  type SeriesDetail,
  type Template,
  TemplateFormSchema,
} from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useSeriesNames } from "@/features/series/api/get-series";
import { WithSeries } from "@/features/series/components/series-detail";
import { useSession } from "@/features/session/api/get-session";
import { Checkbox, FormSection, RadioGroup, Select } from "@/features/tournaments/components/form-fields";
import { ApiError } from "@/lib/api-client";
import { saveErrorMessage, toFormData, toFormRecord } from "@/lib/multipart-save";
import { useSaveTemplate, useTemplate } from "../api/templates";
import { LogoChoice } from "@/components/ui/logo-choice";

interface TemplateFormValues {
  series_id: string;
  template_name: string;
  tournament_title: string;
  use_logo: "default" | "upload" | "existing" | "none";
  organizer: string;
  location_mode: "unspecified" | "specify" | "tbd";
  location_text: string;
  game_mode: string;
  registration_format: string;
  pr_value: string;
  minimum_team_size: string;
  maximum_team_size: string;
  squad_tag_required: boolean;
  squad_name_required: boolean;
  host_required: boolean;
  ign_required: boolean;
  checkin_required: boolean;
  minimum_checkins: string;
  verification_required: boolean;
  description: string;
  rules: string;
  post_registration_message: string;
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

function initialValues(series: SeriesDetail, t: Template | null): TemplateFormValues {
  if (!t) {
    return {
      series_id: String(series.id),
      template_name: "",
      tournament_title: "",
      use_logo: "default",
      organizer: "default",
      location_mode: "unspecified",
      location_text: "",
      game_mode: series.game_mode ?? "",
      registration_format: num(series.default_event_format),
      pr_value: "0",
      minimum_team_size: "",
      maximum_team_size: "",
      squad_tag_required: false,
      squad_name_required: false,
      host_required: false,
      ign_required: false,
      checkin_required: false,
      minimum_checkins: "",
      verification_required: false,
      description: "",
      rules: "",
      post_registration_message: "",
    };
  }
  return {
    series_id: String(t.series_id),
    template_name: t.template_name,
    tournament_title: t.tournament_title,
    use_logo: t.logo_mode === "file" ? "existing" : t.logo_mode,
    organizer: t.organizer ?? "default",
    location_mode: t.location === null ? "unspecified" : t.location === "TBD" ? "tbd" : "specify",
    location_text: t.location && t.location !== "TBD" ? t.location : "",
    game_mode: t.default_game_mode ?? "",
    registration_format: num(t.default_event_format),
    pr_value: String(t.pr_value),
    minimum_team_size: num(t.minimum_team_size),
    maximum_team_size: num(t.maximum_team_size),
    squad_tag_required: t.team_tag_required,
    squad_name_required: t.team_name_required,
    host_required: t.player_host_required,
    ign_required: t.player_ign_required,
    checkin_required: t.checkin_required,
    minimum_checkins: num(t.checkin_minimum),
    verification_required: t.verification_required,
    description: t.description,
    rules: t.rules,
    post_registration_message: t.post_registration_message,
  };
}

const ORGANIZER_OPTIONS = [
  { value: "default", label: "Series Default" },
  ...Object.entries(ORGANIZERS).map(([value, label]) => ({ value, label })),
];
const MODE_OPTIONS = [{ value: "", label: "Unspecified" }, ...GAME_MODE_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev }))];
const FORMAT_OPTIONS = [
  { value: "", label: "Unspecified" },
  { value: "0", label: "Team" },
  { value: "1", label: "Solo" },
  { value: "2", label: "Squad" },
];
const PR_OPTIONS = Object.entries(PR_TIERS).map(([value, label]) => ({ value, label }));

/**
 * The template form (001 §5 Template fields, §7): series, name, tournament title, default logo
 * (Series Default, Upload Logo, Use Existing Logo, No Default Logo), organizer and location,
 * game mode and format (defaulting to the series', or Unspecified; event administrators only),
 * the team / squad / solo requirements, verification and the three markdown texts. A copy
 * arrives with ' - Copy' appended and keeps the copied template's logo.
 */
export function TemplateForm({
  series,
  template,
  copyOf,
  canChooseRestricted,
}: {
  series: SeriesDetail;
  template: Template | null;
  copyOf: number | null;
  canChooseRestricted: boolean;
}) {
  const navigate = useNavigate();
  const { register, handleSubmit, control } = useForm<TemplateFormValues>({ defaultValues: initialValues(series, template) });
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const save = useSaveTemplate();
  const names = useSeriesNames();
  const format = useWatch({ control, name: "registration_format" });
  const organizer = useWatch({ control, name: "organizer" });
  const locationMode = useWatch({ control, name: "location_mode" });
  const useLogo = useWatch({ control, name: "use_logo" });
  const seriesOptions = canChooseRestricted
    ? (names.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.series_name }))
    : [{ value: String(series.id), label: series.series_name }];
  if (!seriesOptions.some((o) => o.value === String(series.id)))
    seriesOptions.unshift({ value: String(series.id), label: series.series_name });
  const existingLogo = template?.logo_mode === "file" ? template.logo_url : null;
  const restrictedHint = canChooseRestricted ? undefined : "Only event administrators can change it.";

  const submit = handleSubmit((v) => {
    setClientError(null);
    const record = {
      series_id: v.series_id,
      template_name: v.template_name,
      tournament_title: v.tournament_title,
      use_logo: v.use_logo,
      organizer: v.organizer,
      location:
        v.organizer !== "lan" && v.organizer !== "default"
          ? ""
          : v.location_mode === "tbd"
            ? "TBD"
            : v.location_mode === "specify"
              ? v.location_text
              : "",
      game_mode: v.game_mode,
      registration_format: v.registration_format,
      pr_value: v.pr_value,
      minimum_team_size: v.minimum_team_size,
      maximum_team_size: v.maximum_team_size,
      squad_tag_required: v.squad_tag_required,
      squad_name_required: v.squad_name_required,
      host_required: v.host_required,
      ign_required: v.ign_required,
      checkin_required: v.checkin_required,
      minimum_checkins: v.minimum_checkins,
      verification_required: v.verification_required,
      description: v.description,
      rules: v.rules,
      post_registration_message: v.post_registration_message,
      from_template: copyOf ?? undefined,
    };
    const parsed = TemplateFormSchema.safeParse(toFormRecord(record));
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? "Check the form.");
      return;
    }
    if (v.use_logo === "upload" && !logoFile) {
      setClientError("Choose a logo file to upload.");
      return;
    }
    save.mutate(
      { id: template?.id ?? "new", form: toFormData(record, { field: "template_logo", file: v.use_logo === "upload" ? logoFile : null }) },
      { onSuccess: (res) => void navigate(paths.seriesTemplates(res.series_id)) },
    );
  });
  const error = clientError ?? (save.isError ? saveErrorMessage(save.error) : null);

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <FormSection title="Template">
        <Select label="Series (required)" options={seriesOptions} readOnly={!canChooseRestricted} {...register("series_id")} />
        <TextField label="Template Name (required)" maxLength={LIMITS.tournamentTitle} {...register("template_name")} />
        <TextField label="Tournament Title" maxLength={LIMITS.tournamentTitle} {...register("tournament_title")} />
      </FormSection>

      <FormSection title="Default Logo">
        <RadioGroup
          legend="Default Logo"
          options={[
            { value: "default", label: "Series Default" },
            { value: "upload", label: "Upload Logo" },
            { value: "existing", label: "Use Existing Logo" },
            { value: "none", label: "No Default Logo" },
          ]}
          {...register("use_logo")}
        />
        <LogoChoice
          choice={useLogo}
          currentLogo={existingLogo}
          inputId="template-logo-file"
          label="Logo file (2MB at most)"
          onFile={setLogoFile}
        />
      </FormSection>

      <FormSection title="Organizer and Format">
        <Select
          label="Organizer"
          options={ORGANIZER_OPTIONS}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("organizer")}
        />
        {(organizer === "lan" || (organizer === "default" && series.organizer === "lan")) && (
          <>
            <RadioGroup
              legend="Location"
              options={[
                { value: "unspecified", label: "Unspecified" },
                { value: "specify", label: "Specify" },
                { value: "tbd", label: "TBD" },
              ]}
              {...register("location_mode")}
            />
            {locationMode === "specify" && <TextField label="Location" maxLength={LIMITS.location} {...register("location_text")} />}
          </>
        )}
        <Select label="Game Mode" options={MODE_OPTIONS} readOnly={!canChooseRestricted} hint={restrictedHint} {...register("game_mode")} />
        <Select
          label="Registration Format"
          options={FORMAT_OPTIONS}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("registration_format")}
        />
        {format === "0" && (
          <div className="form-row">
            <TextField
              label="Minimum Players per Team"
              inputMode="numeric"
              maxLength={LIMITS.teamSizeDigits}
              {...register("minimum_team_size")}
            />
            <Select label="Power Rankings Tier" options={PR_OPTIONS} {...register("pr_value")} />
          </div>
        )}
        {format === "2" && (
          <>
            <div className="form-row">
              <TextField
                label="Minimum Players per Squad"
                inputMode="numeric"
                maxLength={LIMITS.teamSizeDigits}
                {...register("minimum_team_size")}
              />
              <TextField
                label="Maximum Players per Squad"
                inputMode="numeric"
                maxLength={LIMITS.teamSizeDigits}
                {...register("maximum_team_size")}
              />
            </div>
            <Checkbox label="Squad Tag Required" {...register("squad_tag_required")} />
            <Checkbox label="Squad Name Required" {...register("squad_name_required")} />
          </>
        )}
        {(format === "1" || format === "2") && (
          <>
            <Checkbox label="Host Ability Required" {...register("host_required")} />
            <Checkbox label="In-Game Name Required" {...register("ign_required")} />
            <Checkbox label="Check-ins Enabled" {...register("checkin_required")} />
            {format === "2" && (
              <TextField
                label="Minimum Check-ins per Squad"
                inputMode="numeric"
                maxLength={LIMITS.teamSizeDigits}
                {...register("minimum_checkins")}
              />
            )}
          </>
        )}
        <Checkbox label="Verification Required" {...register("verification_required")} />
      </FormSection>

      <FormSection title="Texts">
        {(
          [
            ["description", "Description"],
            ["rules", "Rules"],
            ["post_registration_message", "Post-Registration Message"],
          ] as const
        ).map(([name, label]) => (
          <div className="field" key={name}>
            <span className="field__label">{label}</span>
            <Controller
              control={control}
              name={name}
              render={({ field }) => <MarkdownEditor label={label} value={field.value} onChange={field.onChange} />}
            />
          </div>
        ))}
      </FormSection>

      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save Template
        </button>
        <Link to={paths.seriesTemplates(series.id)} className="btn btn--secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/**
 * `/tournaments/series/{id}/templates/{templateId}/edit` (templateId may be 'new'; with
 * `?from_template=` the form starts from a copy of that template).
 */
export function TemplateEditor({
  seriesId,
  templateId,
  fromTemplate,
}: {
  seriesId: number;
  templateId: number | "new";
  fromTemplate: number | null;
}) {
  const session = useSession();
  const loadId = templateId === "new" ? fromTemplate : templateId;
  const template = useTemplate(loadId, templateId === "new");
  return (
    <WithSeries slugOrId={seriesId}>
      {(series) => {
        if (!series.can_manage_templates)
          return <p className="access-note">You do not have permission to manage this series' templates.</p>;
        if (session.data === undefined || (loadId !== null && template.isPending)) return <Loading />;
        if (loadId !== null && template.isError) {
          if (template.error instanceof ApiError && template.error.status === 404)
            return <p className="access-note">Template not found.</p>;
          return <FailurePanel onRetry={() => void template.refetch()} />;
        }
        return (
          <TemplateForm
            key={`${templateId}-${fromTemplate ?? ""}`}
            series={series}
            template={loadId !== null ? template.data! : null}
            copyOf={templateId === "new" ? fromTemplate : null}
            canChooseRestricted={session.data.permissions.canEventAdministrate}
          />
        );
      }}
    </WithSeries>
  );
}
