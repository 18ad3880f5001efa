import { type ReactNode, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { LIMITS, type SeriesDetail, type Template } from "@site/contract";
import { TemplateFormSchema } from "@site/contract/schemas";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useSeriesNames } from "@/features/series/api/get-series";
import { useSession } from "@/features/session/api/get-session";
import {
  FORMAT_OPTIONS,
  LanLocationFields,
  MarkdownField,
  MODE_OPTIONS,
  ORGANIZER_OPTIONS,
  RequirementFields,
} from "@/components/form/event-fields";
import { FormSection, RadioGroup, Select } from "@/components/form/form-fields";
import { withoutHiddenFields } from "@/components/form/format-fields";
import { ApiError } from "@/lib/api-client";
import { saveErrorMessage, toFormData, toFormRecord } from "@/lib/multipart-save";
import { useContractForm } from "@/lib/use-contract-form";
import { SubmitButton } from "@/components/form/submit-button";
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

/** The template form's names of the three format counts (001 §7). */
const COUNT_NAMES = {
  minimumPlayers: "minimum_team_size",
  maximumPlayers: "maximum_team_size",
  checkinMinimum: "minimum_checkins",
} as const;

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

const UNSPECIFIED = { value: "", label: "Unspecified" };
const TEMPLATE_ORGANIZERS = [{ value: "default", label: "Series Default" }, ...ORGANIZER_OPTIONS];
const TEMPLATE_MODES = [UNSPECIFIED, ...MODE_OPTIONS];
const TEMPLATE_FORMATS = [UNSPECIFIED, ...FORMAT_OPTIONS];
const LOCATION_MODES = [
  { value: "unspecified", label: "Unspecified" },
  { value: "specify", label: "Specify" },
  { value: "tbd", label: "TBD" },
];

/** The form's values as the multipart fields of 001 §7 Templates (the location from its mode; `copyOf` for duplicates). */
function toRecord(v: TemplateFormValues, copyOf: number | null) {
  return {
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
}

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
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const { form, submit, isPending, error } = useContractForm({
    schema: TemplateFormSchema,
    defaults: initialValues(series, template),
    // Fields the chosen format hides are sent neutral (#17 §8), never a stale value.
    toBody: (v: TemplateFormValues) => toRecord(withoutHiddenFields(v, COUNT_NAMES), copyOf),
    schemaInput: toFormRecord,
    issues: "form",
    precheck: (v) => (v.use_logo === "upload" && !logoFile ? "Choose a logo file to upload." : null),
    toVariables: (record) => ({
      id: template?.id ?? ("new" as const),
      form: toFormData(record, { field: "template_logo", file: record.use_logo === "upload" ? logoFile : null }),
    }),
    mutation: useSaveTemplate(),
    onSaved: (res) => void navigate(paths.seriesTemplates(res.series_id)),
    errorText: saveErrorMessage,
  });
  const { register, control } = form;
  const names = useSeriesNames();
  const format = useWatch({ control, name: "registration_format" });
  const checkinRequired = useWatch({ control, name: "checkin_required" });
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
          options={TEMPLATE_ORGANIZERS}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("organizer")}
        />
        {(organizer === "lan" || (organizer === "default" && series.organizer === "lan")) && (
          <LanLocationFields
            modes={LOCATION_MODES}
            mode={locationMode}
            modeField={register("location_mode")}
            textField={register("location_text")}
          />
        )}
        <Select
          label="Game Mode"
          options={TEMPLATE_MODES}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("game_mode")}
        />
        <Select
          label="Registration Format"
          options={TEMPLATE_FORMATS}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("registration_format")}
        />
        <RequirementFields
          format={format}
          checkinRequired={checkinRequired}
          teamSizeLabel="Minimum Players per Team"
          hostLabel="Host Ability Required"
          register={register}
          names={COUNT_NAMES}
        />
      </FormSection>

      <FormSection title="Texts">
        <MarkdownField control={control} name="description" label="Description" />
        <MarkdownField control={control} name="rules" label="Rules" />
        <MarkdownField control={control} name="post_registration_message" label="Post-Registration Message" />
      </FormSection>

      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton busy={isPending}>Save Template</SubmitButton>
        <Link to={paths.seriesTemplates(series.id)} className="btn btn--secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/**
 * `/tournaments/series/{id}/templates/{templateId}/edit` (templateId may be 'new'; with
 * `?from_template=` the form starts from a copy of that template). `withSeries` loads the
 * series and renders its argument with it (the series feature's loader, passed in by the route);
 * the template loads meanwhile.
 */
export function TemplateEditor({
  withSeries,
  templateId,
  fromTemplate,
}: {
  withSeries: (render: (series: SeriesDetail) => ReactNode) => ReactNode;
  templateId: number | "new";
  fromTemplate: number | null;
}) {
  const session = useSession();
  const loadId = templateId === "new" ? fromTemplate : templateId;
  const template = useTemplate(loadId, templateId === "new");
  return withSeries((series) => {
    if (!series.can_manage_templates) return <p className="access-note">You do not have permission to manage this series' templates.</p>;
    if (session.data === undefined || (loadId !== null && template.isPending)) return <Loading />;
    if (loadId !== null && template.isError) {
      if (template.error instanceof ApiError && template.error.status === 404) return <p className="access-note">Template not found.</p>;
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
  });
}
