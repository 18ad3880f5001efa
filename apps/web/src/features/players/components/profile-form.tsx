import { useId, useMemo, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Link } from "react-router";
import {
  type AdminProfileBody,
  BORDER_COLORS,
  COUNTRY_NONE,
  COUNTRY_UNKNOWN,
  DEFAULTS,
  displayFriendCode,
  FC_FIELDS,
  type FcError,
  type FcField,
  FRIEND_CODE_TYPES,
  LIMITS,
  NAME_CHANGE_DAYS,
  type PlayerProfile,
  type ProfileSaveResponse,
  THEMES,
  type Theme,
} from "@site/contract";
import { AdminProfileBodySchema, OwnProfileBodySchema } from "@site/contract/schemas";
import { MarkdownEditor } from "@/components/ui/markdown-editor/markdown-editor";
import { Panel } from "@/components/ui/panel";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { getSiteConfig } from "@/config/site";
import { useCountries } from "@/features/registry/api/get-countries";
import { THEME_LABELS } from "@/lib/theme";
import { useContractForm } from "@/lib/use-contract-form";
import { SubmitButton } from "@/components/form/submit-button";
import { profileSaveError, type ProfileSaveTarget, useSaveProfile } from "../api/save-profile";
import { uploadBackground } from "../api/upload-background";
import { FcConflictDialog } from "./fc-conflict-dialog";
import "./players.css";
import { countriesByName } from "@/lib/country-order";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { borderColourName, friendCodeLabel, useLocalCountries } from "../texts";

/** What the inputs hold; turned into the contract's body (and checked with its schema) on submit. */
export interface ProfileFormValues {
  display_name: string;
  country: string;
  discord_tag: string;
  discord_privacy: "public" | "private";
  switch_fc: string;
  fc_3ds: string;
  mktour_fc: string;
  nnid: string;
  profile_message: string;
  border_color: string;
  site_theme: Theme;
  use_background: "default" | "existing" | "upload";
  is_hidden: boolean;
  account: "keep" | "none" | "link";
  user_id: string;
  delete_background: boolean;
}

export interface ProfileFormProps {
  /** own: /registry/edit_profile; admin: the staff edit of any player (or a new one). */
  mode: "own" | "admin";
  /** The player being edited; null creates one. */
  player: PlayerProfile | null;
  /** Border colour, theme and background are offered (supporters, and staff on the admin form); otherwise the upsell. */
  canCustomise: boolean;
  /** The viewer is staff: nothing is locked on the own form either. */
  isStaff: boolean;
  /** Administrators: hidden flag, account link, background removal. */
  adminFields: boolean;
  /** Where the form saves (the own profile, or a player by id / a new one for staff). */
  target: ProfileSaveTarget;
  onSaved: (res: ProfileSaveResponse) => void;
}

/** The code fields in the form's order: Switch, 3DS, Mario Kart Tour, NNID. */
const FC_ORDER = Object.keys(FC_FIELDS) as FcField[];

/** The digits part of a friend code's placeholder, after the type's prefix. */
const FC_PATTERN = "XXXX-YYYY-ZZZZ";

/**
 * A locked country or code (000 §5): a read-only value in the normal text colour with the
 * 'Locked' hint linked to it, so it does not read as an empty, disabled input.
 */
function LockedField({ label, value, code = false }: { label: string; value: string; code?: boolean }) {
  const _ = useT();
  const id = useId();
  return (
    <div className="field profile-form__locked-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`input profile-form__locked-value${code ? " profile-form__locked-value--code" : ""}`}
        readOnly
        value={value}
        aria-describedby={`${id}-hint`}
      />
      <p className="profile-form__locked-hint" id={`${id}-hint`}>
        {/* Under each locked field: it is a value, not an empty input (000 §5: the player must open a ticket). */}
        {_("players.form.lockedHint")}
      </p>
    </div>
  );
}

function defaults(player: PlayerProfile | null, theme: Theme): ProfileFormValues {
  const fc = (field: FcField) => {
    const v = player?.[field];
    return v ? displayFriendCode(FC_FIELDS[field], v) : "";
  };
  return {
    display_name: player?.display_name ?? "",
    country: player?.country_code ?? DEFAULTS.country,
    discord_tag: player?.discord_tag ?? "",
    discord_privacy: player?.discord_privacy ?? "public",
    /* eslint-disable lingui/no-unlocalized-strings -- field names */
    switch_fc: fc("switch_fc"),
    fc_3ds: fc("fc_3ds"),
    mktour_fc: fc("mktour_fc"),
    nnid: fc("nnid"),
    /* eslint-enable lingui/no-unlocalized-strings */
    profile_message: player?.profile_message ?? "",
    border_color: String(player?.profile_picture_border_color ?? DEFAULTS.borderColor),
    site_theme: player?.site_theme ?? theme,
    use_background: player?.background ? "existing" : "default",
    is_hidden: player?.is_hidden === 1,
    account: "keep",
    user_id: "",
    delete_background: false,
  };
}

/**
 * The profile form (000 §2 Edit profile and admin edit; §3 profile form fields; §4 outcomes):
 * - display name (20 own, 50 admin), country ('Choose a Country' refused), Discord tag
 *   (placeholder YourTag#XXXX) and privacy, the four codes, the profile message (markdown);
 * - on the own form, country, codes and NNID already set are locked with a pointer to a
 *   support ticket; a new name becomes a moderated request;
 * - supporters (and staff) pick border colour 41–60, theme and background (default, existing,
 *   upload ≤ 8MB); others see the upsell;
 * - administrators also set hidden, the linked account and background removal.
 * Saving: 'success' → `onSaved`; a refusal shows its message (413 the 8MB text, failures
 * 'An unknown error has occurred.'); 'fc_error' opens the conflict popup (Yes resubmits with
 * override_fc_warning, No keeps the form as it was).
 */
export function ProfileForm({ mode, player, canCustomise, isStaff, adminFields, target, onSaved }: ProfileFormProps) {
  const _ = useT();
  const i18n = useI18n();
  const { fieldError } = useErrorText();
  const countries = useCountries();
  const countryNames = useLocalCountries(countries.data);
  const { supportForumUrl } = getSiteConfig();
  const creating = player === null;
  const [conflict, setConflict] = useState<{ body: AdminProfileBody; errors: FcError[] } | null>(null);
  const [file, setFile] = useState<File | null>(null);

  // Locks of the own form: what is already set stays as it is unless the viewer is staff (000 §5).
  const lockable = mode === "own" && !creating && !isStaff;
  const locked = {
    country: lockable && player.country_code !== COUNTRY_NONE,
    switch_fc: lockable && player.switch_fc !== null,
    fc_3ds: lockable && player.fc_3ds !== null,
    mktour_fc: lockable && player.mktour_fc !== null,
    nnid: lockable && player.nnid !== null,
  };
  const anyLocked = Object.values(locked).some(Boolean);
  const schema = mode === "own" ? OwnProfileBodySchema : AdminProfileBodySchema;
  const [initial] = useState(() => defaults(player, DEFAULTS.theme));

  /** Form values → the contract body: locked fields and fields this viewer may not set are left out. */
  const toBody = (v: ProfileFormValues): AdminProfileBody => {
    const body: AdminProfileBody = {
      discord_tag: v.discord_tag,
      discord_privacy: v.discord_privacy,
      profile_message: v.profile_message,
    };
    // An unchanged name is left out: a name set by staff may be longer than the own form's 20.
    if (creating || v.display_name !== initial.display_name) body.display_name = v.display_name;
    if (!locked.country) body.country = v.country;
    for (const f of FC_ORDER) if (!locked[f]) body[f] = v[f];
    if (canCustomise) {
      // Only what was changed: the page shows defaults for a non-supporter, and saving them back
      // would overwrite the account's own theme or a stored border.
      if (v.border_color !== initial.border_color) body.border_color = Number(v.border_color);
      if (v.site_theme !== initial.site_theme) body.site_theme = v.site_theme;
      if (v.use_background !== initial.use_background) body.use_background = v.use_background;
    }
    if (adminFields) {
      body.is_hidden = v.is_hidden;
      if (v.delete_background) body.delete_background = true;
      if (v.account === "none") body.no_account = true;
      if (v.account === "link") body.user_id = v.user_id.trim() === "" ? Number.NaN : Number(v.user_id);
    }
    return body;
  };

  // The contract's schema checks the body the form would send; its messages land on the fields.
  const uploading = (v: ProfileFormValues) => canCustomise && v.use_background === "upload";
  const { form, submit, send, isPending, error } = useContractForm({
    schema,
    defaults: initial,
    toBody,
    fieldError: (field, message) => ({ field, message: field === "user_id" ? _("players.form.accountIdRequired") : message }),
    // The server requires the Discord tag on a player's own profile (000 §5); the schema cannot
    // know the mode, so the form says it together with the other fields.
    extraErrors: (v) => ({ discord_tag: mode === "own" && v.discord_tag.trim() === "" ? _("error.players.discord_required") : undefined }),
    precheck: (v) => (uploading(v) && !file ? _("players.form.imageRequired") : null),
    // The background is uploaded first and the body refers to it (000 §3).
    prepare: async (body, v) => (uploading(v) && file ? { ...body, background: await uploadBackground(file) } : body),
    toVariables: (body) => ({ target, body }),
    mutation: useSaveProfile(),
    onSaved: (res, { body, setError }) => {
      if (res.status === "fc_error") setConflict({ body, errors: res.fc_errors ?? [] });
      else if (res.status === "error") setError(res.message);
      else onSaved(res);
    },
    errorText: (err) => profileSaveError(i18n, err),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  const useBackground = useWatch({ control, name: "use_background" });
  const account = useWatch({ control, name: "account" });
  const borderColor = useWatch({ control, name: "border_color" });

  const countryOptions = useMemo(() => {
    const entries = countriesByName(countryNames, (code) => code === COUNTRY_NONE || (mode !== "admin" && code === COUNTRY_UNKNOWN));
    return [[COUNTRY_NONE, _("players.country.none")], ...entries];
  }, [countryNames, mode, _]);

  const nameMax = mode === "own" ? LIMITS.displayNameOwn : LIMITS.displayNameAdmin;

  return (
    <form className="profile-form" noValidate onSubmit={submit} aria-busy={isPending}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      <Panel title={_("players.form.general")}>
        <TextField
          label={_("players.form.displayName")}
          className="field--required"
          aria-required
          maxLength={nameMax}
          autoComplete="nickname"
          error={fieldError(errors.display_name?.message)}
          {...register("display_name")}
        />
        {mode === "own" && !creating && (
          <p className="field__hint">
            {_("players.form.nameChangeRule", { weeks: NAME_CHANGE_DAYS.supporter / 7 })}
            {player.pending_display_name && (
              <>
                {" "}
                <Trans id="players.form.namePending" values={{ name: player.pending_display_name }} components={{ 0: <strong /> }} />
              </>
            )}
          </p>
        )}
        {locked.country ? (
          <LockedField label={_("players.form.country")} value={countryNames?.[initial.country] ?? initial.country} />
        ) : (
          <div className="field field--required">
            <label htmlFor="profile-country">{_("players.form.country")}</label>
            {/* Controlled, so the saved country shows once the options (GET /api/countries) arrive. */}
            <Controller
              name="country"
              control={control}
              render={({ field }) => (
                <select
                  id="profile-country"
                  className="input"
                  disabled={!countries.data}
                  aria-required
                  aria-invalid={errors.country ? true : undefined}
                  aria-describedby={errors.country ? "profile-country-error" : undefined}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                >
                  {countryOptions.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            />
            {errors.country?.message && (
              <p className="field__error" id="profile-country-error">
                {fieldError(errors.country.message)}
              </p>
            )}
          </div>
        )}
        <div className="profile-form__pair">
          <TextField
            label={_("players.form.discordTag")}
            className={mode === "own" ? "field--required" : undefined}
            aria-required={mode === "own" || undefined}
            placeholder={_("players.form.discordTagPlaceholder")}
            maxLength={LIMITS.discordTag}
            error={fieldError(errors.discord_tag?.message)}
            {...register("discord_tag")}
          />
          <div className="field">
            <label htmlFor="profile-privacy">{_("players.form.discordPrivacy")}</label>
            <select id="profile-privacy" className="input" {...register("discord_privacy")}>
              <option value="public">{_("players.form.privacy.public")}</option>
              <option value="private">{_("players.form.privacy.private")}</option>
            </select>
          </div>
        </div>
      </Panel>

      <Panel title={_("players.profile.friendCodes")}>
        {anyLocked && (
          <p className="profile-form__locked" role="note">
            <Trans
              id="players.form.lockedNote"
              components={{ 0: <a href={supportForumUrl} target="_blank" rel="noopener noreferrer" /> }}
            />
          </p>
        )}
        <div className="profile-form__codes">
          {FC_ORDER.map((f) =>
            locked[f] ? (
              <LockedField key={f} label={friendCodeLabel(_, FC_FIELDS[f])} value={initial[f]} code />
            ) : (
              <TextField
                key={f}
                label={friendCodeLabel(_, FC_FIELDS[f])}
                placeholder={f === "nnid" ? "" : FRIEND_CODE_TYPES[FC_FIELDS[f]].prefix + FC_PATTERN}
                maxLength={f === "nnid" ? LIMITS.nnid : LIMITS.friendCode + FRIEND_CODE_TYPES[FC_FIELDS[f]].prefix.length}
                error={fieldError(errors[f]?.message)}
                {...register(f)}
              />
            ),
          )}
        </div>
      </Panel>

      <Panel title={_("players.form.profileMessage")}>
        <Controller
          name="profile_message"
          control={control}
          render={({ field }) => <MarkdownEditor label={_("players.form.profileMessage")} value={field.value} onChange={field.onChange} />}
        />
        {errors.profile_message?.message && <p className="field__error">{fieldError(errors.profile_message.message)}</p>}
      </Panel>

      <Panel title={_("players.form.customisation")}>
        {canCustomise ? (
          <>
            <fieldset className="field border-picker">
              <legend>{_("players.form.borderColour")}</legend>
              <div className="border-picker__swatches">
                {BORDER_COLORS.map((c) => (
                  <label key={c.id} className="border-picker__swatch" title={borderColourName(_, c)}>
                    <input type="radio" value={String(c.id)} className="visually-hidden" {...register("border_color")} />
                    <span
                      className={`border-picker__dot${borderColor === String(c.id) ? " is-selected" : ""}`}
                      style={{ background: c.hex }}
                    />
                    <span className="visually-hidden">{borderColourName(_, c)}</span>
                  </label>
                ))}
              </div>
              {errors.border_color?.message && <p className="field__error">{fieldError(errors.border_color.message)}</p>}
            </fieldset>
            <div className="field">
              <label htmlFor="profile-theme">{_("players.form.theme")}</label>
              <select id="profile-theme" className="input" {...register("site_theme")}>
                {THEMES.map((t) => (
                  <option key={t} value={t}>
                    {THEME_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="field">
              <legend>{_("players.form.background")}</legend>
              <label className="choice">
                <input type="radio" value="default" {...register("use_background")} /> {_("players.form.background.default")}
              </label>
              {player?.background && (
                <label className="choice">
                  <input type="radio" value="existing" {...register("use_background")} /> {_("players.form.background.keep")}
                </label>
              )}
              <label className="choice">
                <input type="radio" value="upload" {...register("use_background")} /> {_("players.form.background.upload")}
              </label>
              {useBackground === "upload" && (
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  aria-label={_("players.form.background.image")}
                  className="input"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              )}
              <div className="background-preview">
                {player?.background ? (
                  <img src={player.background} alt={_("players.form.background.current")} />
                ) : (
                  <p className="empty">{_("players.form.background.none")}</p>
                )}
              </div>
            </fieldset>
          </>
        ) : (
          <p className="upsell" data-testid="supporter-upsell">
            {_("players.form.upsell")}{" "}
            <a href={supportForumUrl} target="_blank" rel="noopener noreferrer">
              {_("players.form.becomeSupporter")}
            </a>
          </p>
        )}
      </Panel>

      {adminFields && (
        <Panel title={_("players.form.administration")}>
          <label className="choice">
            <input type="checkbox" {...register("is_hidden")} /> {_("players.form.hidden")}
          </label>
          {player?.background && (
            <label className="choice">
              <input type="checkbox" {...register("delete_background")} /> {_("players.form.deleteBackground")}
            </label>
          )}
          <div className="field">
            <label htmlFor="profile-account">{_("players.form.account")}</label>
            <select id="profile-account" className="input" {...register("account")}>
              <option value="keep">
                {creating
                  ? _("players.form.account.none")
                  : player.user_id
                    ? _("players.form.account.keep", { id: player.user_id })
                    : _("players.form.account.keepNone")}
              </option>
              {!creating && player.user_id !== null && <option value="none">{_("players.form.account.unlink")}</option>}
              <option value="link">{_("players.form.account.link")}</option>
            </select>
          </div>
          {account === "link" && (
            <TextField
              label={_("players.form.accountId")}
              inputMode="numeric"
              error={fieldError(errors.user_id?.message)}
              {...register("user_id")}
            />
          )}
        </Panel>
      )}

      <div className="profile-form__actions">
        <SubmitButton busy={isPending}>{creating ? _("players.form.create") : _("players.form.save")}</SubmitButton>
        {player && (
          <Link to={paths.player(player.id)} className="btn btn--ghost">
            {_("players.backToProfile")}
          </Link>
        )}
      </div>

      {conflict && (
        <FcConflictDialog
          conflicts={conflict.errors}
          busy={isPending}
          onNo={() => setConflict(null)}
          onYes={() => {
            const body = { ...conflict.body, override_fc_warning: true };
            setConflict(null);
            void send(body);
          }}
        />
      )}
    </form>
  );
}
