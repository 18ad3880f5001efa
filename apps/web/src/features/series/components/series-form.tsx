import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import {
  AGGREGATION_FIELDS,
  FINALIST_CRITERIA,
  LIMITS,
  type SeriesDetail,
  SERIES_LOCATION_TBD,
  SERIES_LOCATION_VARIOUS,
} from "@site/contract";
import { SeriesFormSchema } from "@site/contract/schemas";
import { TextField } from "@/components/ui/text-field";
import { TournamentPicker } from "@/components/ui/tournament-picker/tournament-picker";
import { paths } from "@/config/paths";
import { FORMAT_OPTIONS, LanLocationFields, MarkdownField, MODE_OPTIONS, ORGANIZER_OPTIONS } from "@/components/form/event-fields";
import { Checkbox, FormSection, RadioGroup, Select } from "@/components/form/form-fields";
import { toFormData, toFormRecord } from "@/lib/multipart-save";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useSaveErrorText } from "@/features/tournaments/api/save-error-text";
import { useContractForm } from "@/lib/use-contract-form";
import { SubmitButton } from "@/components/form/submit-button";
import { useSaveSeries } from "../api/save-series";

interface SeriesFormValues {
  series_title: string;
  url_slug: string;
  display_order: string;
  no_logo: boolean;
  organizer: string;
  location_mode: "specify" | "tbd" | "various";
  location_text: string;
  game_mode: string;
  registration_format: string;
  short_description: string;
  long_description: string;
  aggregation_field: string;
  finalist_criteria: string;
  published: "1" | "0";
  historical: "1" | "0";
}

function initialValues(s: SeriesDetail | null): SeriesFormValues {
  const loc = s?.location ?? "";
  return {
    series_title: s?.series_name ?? "",
    url_slug: s?.url_slug ?? "",
    display_order: String(s?.display_order ?? 0),
    no_logo: false,
    organizer: s?.organizer ?? "mkc",
    location_mode: loc === SERIES_LOCATION_TBD ? "tbd" : loc === SERIES_LOCATION_VARIOUS ? "various" : "specify",
    location_text: loc === SERIES_LOCATION_TBD || loc === SERIES_LOCATION_VARIOUS ? "" : loc,
    game_mode: s?.game_mode ?? "none",
    registration_format: s?.default_event_format === null || s?.default_event_format === undefined ? "" : String(s.default_event_format),
    short_description: s?.short_description ?? "",
    long_description: s?.full_description ?? "",
    aggregation_field: s?.aggregation_field ?? "none",
    finalist_criteria: s?.finalist_criteria ?? "none",
    published: s?.published ? "1" : "0",
    historical: s?.historical ? "1" : "0",
  };
}

/** The form's values as the multipart fields of 001 §7 Series (the LAN location from its mode, the tournament list as ids). */
function toRecord(v: SeriesFormValues, tournaments: ReadonlyArray<{ id: number }>) {
  const location =
    v.organizer !== "lan"
      ? ""
      : v.location_mode === "tbd"
        ? SERIES_LOCATION_TBD
        : v.location_mode === "various"
          ? SERIES_LOCATION_VARIOUS
          : v.location_text;
  return {
    series_title: v.series_title,
    url_slug: v.url_slug,
    display_order: v.display_order,
    organizer: v.organizer,
    location,
    game_mode: v.game_mode,
    registration_format: v.game_mode === "none" ? "" : v.registration_format,
    short_description: v.short_description,
    long_description: v.long_description,
    aggregation_field: v.aggregation_field,
    finalist_criteria: v.aggregation_field === "none" ? "none" : v.finalist_criteria,
    tournaments: tournaments.map((t) => t.id).join(","),
    published: v.published === "1",
    historical: v.historical === "1",
    no_logo: v.no_logo,
  };
}

/**
 * The series form (001 §5 Series edit fields, §7 Series): title, URL ID, display order, logo
 * or No Logo, organizer and LAN location (Specify, TBD or Various), default game mode and
 * format, short and long descriptions, aggregation and finalist criteria, the tournament list,
 * Show/Hide and Active/Historical. Required-ness is only in the labels; the server decides.
 */
export function SeriesForm({ series }: { series: SeriesDetail | null }) {
  const _ = useT();
  const { fieldError } = useErrorText();
  const saveErrorText = useSaveErrorText();
  const navigate = useNavigate();
  const unspecified = _("series.form.unspecified");
  const seriesModes = [{ value: "none", label: unspecified }, ...MODE_OPTIONS];
  const seriesFormats = [{ value: "", label: unspecified }, ...FORMAT_OPTIONS];
  const locationModes = [
    { value: "specify", label: _("tournaments.form.specify") },
    { value: "tbd", label: _("tournaments.form.tbd") },
    { value: "various", label: _("series.form.various") },
  ];
  const aggregationNames: Record<keyof typeof AGGREGATION_FIELDS, string> = {
    none: _("series.form.aggregation.none"),
    team_id: _("format.team"),
    player_id: _("series.standings.player"),
    squad_name: _("series.form.aggregation.squadName"),
  };
  const finalistNames: Record<keyof typeof FINALIST_CRITERIA, string> = {
    none: _("series.form.aggregation.none"),
    top_2: _("series.form.finalist.top2"),
    top_3_or_finalist: _("series.form.finalist.top3"),
  };
  const aggregationOptions = (Object.keys(AGGREGATION_FIELDS) as Array<keyof typeof AGGREGATION_FIELDS>).map((value) => ({
    value,
    label: aggregationNames[value],
  }));
  const finalistOptions = (Object.keys(FINALIST_CRITERIA) as Array<keyof typeof FINALIST_CRITERIA>).map((value) => ({
    value,
    label: finalistNames[value],
  }));
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [tournaments, setTournaments] = useState(() => (series?.tournaments ?? []).map((t) => ({ id: t.id, title: t.title })));
  const { form, submit, isPending, error } = useContractForm({
    schema: SeriesFormSchema,
    defaults: initialValues(series),
    toBody: (v: SeriesFormValues) => toRecord(v, tournaments),
    schemaInput: toFormRecord,
    issues: "form",
    toVariables: (record) => ({
      id: series?.id ?? ("new" as const),
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a form field name
      form: toFormData(record, { field: "series_logo", file: record.no_logo ? null : logoFile }),
    }),
    mutation: useSaveSeries(),
    onSaved: (_res, { body }) => void navigate(paths.seriesDetail(body.url_slug.trim())),
    errorText: saveErrorText,
  });
  const { register, control } = form;
  const organizer = useWatch({ control, name: "organizer" });
  const locationMode = useWatch({ control, name: "location_mode" });
  const gameMode = useWatch({ control, name: "game_mode" });
  const aggregation = useWatch({ control, name: "aggregation_field" });

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <FormSection title={_("tournaments.form.series")}>
        <TextField label={_("series.form.title")} maxLength={LIMITS.seriesTitle} {...register("series_title")} />
        <div className="form-row">
          <TextField label={_("series.form.slug")} maxLength={LIMITS.seriesSlug} {...register("url_slug")} />
          <TextField
            label={_("series.form.displayOrder")}
            maxLength={LIMITS.seriesDisplayOrder}
            inputMode="numeric"
            {...register("display_order")}
          />
        </div>
        <div className="field">
          <label htmlFor="series-logo-file">{_("series.form.logo")}</label>
          {series?.logo_url && (
            <img className="form-logo-preview" src={series.logo_url} alt={_("series.form.currentLogo")} width={96} height={96} />
          )}
          <input
            id="series-logo-file"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => setLogoFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Checkbox label={_("series.form.noLogo")} {...register("no_logo")} />
      </FormSection>

      <FormSection title={_("series.form.organizerAndFormat")}>
        <Select label={_("tournaments.form.organizedBy")} options={ORGANIZER_OPTIONS} {...register("organizer")} />
        {organizer === "lan" && (
          <LanLocationFields
            modes={locationModes}
            mode={locationMode}
            modeField={register("location_mode")}
            textField={register("location_text")}
          />
        )}
        <Select label={_("series.form.defaultMode")} options={seriesModes} {...register("game_mode")} />
        {gameMode !== "none" && (
          <Select label={_("series.form.defaultFormat")} options={seriesFormats} {...register("registration_format")} />
        )}
      </FormSection>

      <FormSection title={_("series.form.descriptions")}>
        <div className="field">
          <label htmlFor="series-short-description">{_("series.form.shortDescription")}</label>
          <textarea
            id="series-short-description"
            className="input"
            rows={3}
            maxLength={LIMITS.seriesShortDescription}
            {...register("short_description")}
          />
        </div>
        <MarkdownField control={control} name="long_description" label={_("series.form.longDescription")} />
      </FormSection>

      <FormSection title={_("series.stats.title")}>
        <Select label={_("series.form.aggregation")} options={aggregationOptions} {...register("aggregation_field")} />
        {aggregation !== "none" && (
          <Select label={_("series.form.finalist")} options={finalistOptions} {...register("finalist_criteria")} />
        )}
      </FormSection>

      <FormSection title={_("tournaments.list.title")}>
        <TournamentPicker
          value={null}
          label={_("series.form.addTournament")}
          onChange={(t) => {
            if (t && !tournaments.some((x) => x.id === t.id)) setTournaments((list) => [...list, t]);
          }}
        />
        {tournaments.length === 0 ? (
          <p className="empty">{_("series.form.noTournaments")}</p>
        ) : (
          <ul className="rows series-form__tournaments">
            {tournaments.map((t) => (
              <li key={t.id} className="row">
                <Link to={paths.tournament(t.id)}>{t.title}</Link>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={_("series.roles.removeHolder", { name: t.title })}
                  onClick={() => setTournaments((list) => list.filter((x) => x.id !== t.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </FormSection>

      <FormSection title={_("tournaments.controls.visibility")}>
        <RadioGroup
          legend={_("series.form.listing")}
          options={[
            { value: "1", label: _("series.form.show") },
            { value: "0", label: _("series.form.hide") },
          ]}
          {...register("published")}
        />
        <RadioGroup
          legend={_("series.form.status")}
          options={[
            { value: "0", label: _("series.form.active") },
            { value: "1", label: _("series.form.historical") },
          ]}
          {...register("historical")}
        />
      </FormSection>

      {error && (
        <p className="form-error" role="alert">
          {fieldError(error)}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton busy={isPending}>{series ? _("series.form.save") : _("series.form.create")}</SubmitButton>
        <Link to={series ? paths.seriesDetail(series.url_slug) : paths.series} className="btn btn--secondary">
          {_("tournaments.form.cancel")}
        </Link>
      </div>
    </form>
  );
}
