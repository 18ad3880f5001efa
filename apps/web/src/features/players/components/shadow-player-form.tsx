import { useMemo } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { type AdminProfileBody, COUNTRY_NONE, LIMITS, type ProfileSaveResponse } from "@site/contract";
import { SubmitButton } from "@/components/form/submit-button";
import { Panel } from "@/components/ui/panel";
import { TextField } from "@/components/ui/text-field";
import { useCountries } from "@/features/registry/api/get-countries";
import { useContractForm } from "@/lib/use-contract-form";
import { profileSaveError, useSaveProfile } from "../api/save-profile";
import { countriesByName } from "@/lib/country-order";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { useLocalCountries } from "../texts";

/**
 * The shadow player form (000 §5): a registry name (≤ 20) and a country; 'Choose a Country' is
 * refused. The contract's admin body with the shadow player's stricter name rule and messages.
 */
/* eslint-disable lingui/no-unlocalized-strings -- English keys of FIELD_MESSAGES (lib/i18n/error-text.ts), shown through fieldError */
export const ShadowPlayerSchema = z.object({
  display_name: z
    .string()
    .trim()
    .min(1, "Enter a registry name.")
    .max(LIMITS.shadowPlayerName, `Shadow player names may be at most ${LIMITS.shadowPlayerName} characters.`),
  country: z.string().refine((c) => c !== COUNTRY_NONE, "Choose a country."),
});
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * Creates a shadow player, a registry entry without an account, with
 * `{shadow: true, display_name, country}` (000 §7); success goes to the new player's page.
 */
export function ShadowPlayerForm({ onSaved }: { onSaved: (res: ProfileSaveResponse) => void }) {
  const _ = useT();
  const i18n = useI18n();
  const { fieldError } = useErrorText();
  const countries = useCountries();
  const countryNames = useLocalCountries(countries.data);
  const { form, submit, isPending, error } = useContractForm({
    schema: ShadowPlayerSchema,
    defaults: { display_name: "", country: COUNTRY_NONE },
    toBody: (values: { display_name: string; country: string }): AdminProfileBody => ({ shadow: true, ...values }),
    toVariables: (body) => ({ target: { kind: "admin" as const, id: "new" as const }, body }),
    mutation: useSaveProfile(),
    onSaved: (res, { setError }) => (res.status === "success" ? onSaved(res) : setError(res.message)),
    errorText: (err) => profileSaveError(i18n, err),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  const options = useMemo(
    () => [[COUNTRY_NONE, _("players.country.none")], ...countriesByName(countryNames, (code) => code === COUNTRY_NONE)],
    [countryNames, _],
  );

  return (
    <form noValidate onSubmit={submit} className="profile-form">
      <Panel title={_("players.badge.shadowPlayer")}>
        <p className="field__hint">{_("players.shadow.hint")}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <TextField
          label={_("players.shadow.name")}
          maxLength={LIMITS.shadowPlayerName}
          error={fieldError(errors.display_name?.message)}
          {...register("display_name")}
        />
        <div className="field">
          <label htmlFor="shadow-country">{_("players.form.country")}</label>
          <Controller
            name="country"
            control={control}
            render={({ field }) => (
              <select
                id="shadow-country"
                className="input"
                disabled={!countries.data}
                aria-invalid={errors.country ? true : undefined}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              >
                {options.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          />
          {errors.country?.message && <p className="field__error">{fieldError(errors.country.message)}</p>}
        </div>
        <SubmitButton busy={isPending}>{_("players.shadow.create")}</SubmitButton>
      </Panel>
    </form>
  );
}
