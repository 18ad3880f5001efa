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
import { toFormData, toFormRecord } from "@/lib/multipart-save";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useSaveErrorText } from "@/features/tournaments/api/save-error-text";
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
/* eslint-disable lingui/no-unlocalized-strings -- form field names */
const COUNT_NAMES = {
  minimumPlayers: "minimum_team_size",
  maximumPlayers: "maximum_team_size",
  checkinMinimum: "minimum_checkins",
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

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
          ? // eslint-disable-next-line lingui/no-unlocalized-strings -- the stored value of a location to be decided
            "TBD"
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
  const _ = useT();
  const { fieldError } = useErrorText();
  const saveErrorText = useSaveErrorText();
  const navigate = useNavigate();
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const unspecified = { value: "", label: _("series.form.unspecified") };
  const templateOrganizers = [{ value: "default", label: _("series.templates.seriesDefault") }, ...ORGANIZER_OPTIONS];
  const templateModes = [unspecified, ...MODE_OPTIONS];
  const templateFormats = [unspecified, ...FORMAT_OPTIONS];
  const locationModes = [
    { value: "unspecified", label: _("series.form.unspecified") },
    { value: "specify", label: _("tournaments.form.specify") },
    { value: "tbd", label: _("tournaments.form.tbd") },
  ];
  const { form, submit, isPending, error } = useContractForm({
    schema: TemplateFormSchema,
    defaults: initialValues(series, template),
    // Fields the chosen format hides are sent neutral (#17 §8), never a stale value.
    toBody: (v: TemplateFormValues) => toRecord(withoutHiddenFields(v, COUNT_NAMES), copyOf),
    schemaInput: toFormRecord,
    issues: "form",
    precheck: (v) => (v.use_logo === "upload" && !logoFile ? _("tournaments.form.chooseLogo") : null),
    toVariables: (record) => ({
      id: template?.id ?? ("new" as const),
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a form field name
      form: toFormData(record, { field: "template_logo", file: record.use_logo === "upload" ? logoFile : null }),
    }),
    mutation: useSaveTemplate(),
    onSaved: (res) => void navigate(paths.seriesTemplates(res.series_id)),
    errorText: saveErrorText,
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
  const restrictedHint = canChooseRestricted ? undefined : _("series.templates.restrictedHint");

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <FormSection title={_("series.templates.template")}>
        <Select label={_("series.templates.series")} options={seriesOptions} readOnly={!canChooseRestricted} {...register("series_id")} />
        <TextField label={_("series.templates.name")} maxLength={LIMITS.tournamentTitle} {...register("template_name")} />
        <TextField label={_("tournaments.form.title")} maxLength={LIMITS.tournamentTitle} {...register("tournament_title")} />
      </FormSection>

      <FormSection title={_("series.templates.defaultLogo")}>
        <RadioGroup
          legend={_("series.templates.defaultLogo")}
          options={[
            { value: "default", label: _("series.templates.seriesDefault") },
            { value: "upload", label: _("series.templates.logo.upload") },
            { value: "existing", label: _("series.templates.logo.existing") },
            { value: "none", label: _("series.templates.logo.none") },
          ]}
          {...register("use_logo")}
        />
        <LogoChoice
          choice={useLogo}
          currentLogo={existingLogo}
          inputId="template-logo-file"
          label={_("tournaments.form.logoFile")}
          onFile={setLogoFile}
        />
      </FormSection>

      <FormSection title={_("series.form.organizerAndFormat")}>
        <Select
          label={_("series.templates.organizer")}
          options={templateOrganizers}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("organizer")}
        />
        {(organizer === "lan" || (organizer === "default" && series.organizer === "lan")) && (
          <LanLocationFields
            modes={locationModes}
            mode={locationMode}
            modeField={register("location_mode")}
            textField={register("location_text")}
          />
        )}
        <Select
          label={_("tournaments.list.gameMode")}
          options={templateModes}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("game_mode")}
        />
        <Select
          label={_("tournament.info.format")}
          options={templateFormats}
          readOnly={!canChooseRestricted}
          hint={restrictedHint}
          {...register("registration_format")}
        />
        <RequirementFields
          format={format}
          checkinRequired={checkinRequired}
          teamSizeLabel={_("series.templates.minPlayers")}
          hostLabel={_("series.templates.hostRequired")}
          register={register}
          names={COUNT_NAMES}
        />
      </FormSection>

      <FormSection title={_("tournaments.form.texts")}>
        <MarkdownField control={control} name="description" label={_("tournaments.form.description")} />
        <MarkdownField control={control} name="rules" label={_("tournaments.form.rules")} />
        <MarkdownField control={control} name="post_registration_message" label={_("tournaments.form.postRegistration")} />
      </FormSection>

      {error && (
        <p className="form-error" role="alert">
          {fieldError(error)}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton busy={isPending}>{_("series.templates.save")}</SubmitButton>
        <Link to={paths.seriesTemplates(series.id)} className="btn btn--secondary">
          {_("tournaments.form.cancel")}
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
  const _ = useT();
  const session = useSession();
  const loadId = templateId === "new" ? fromTemplate : templateId;
  const template = useTemplate(loadId, templateId === "new");
  return withSeries((series) => {
    if (!series.can_manage_templates) return <p className="access-note">{_("series.templates.noPermission")}</p>;
    if (session.data === undefined || (loadId !== null && template.isPending)) return <Loading />;
    if (loadId !== null && template.isError) {
      if (template.error instanceof ApiError && template.error.status === 404)
        return <p className="access-note">{_("series.templates.notFound")}</p>;
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
