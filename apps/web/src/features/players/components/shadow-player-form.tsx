import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { COUNTRY_NONE, LIMITS, type ProfileSaveResponse } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { TextField } from "@/components/ui/text-field";
import { useCountries } from "@/features/registry/api/get-countries";
import { profileSaveError } from "../api/save-profile";

/** The shadow player form (000 §5): a registry name (≤ 20) and a country; 'Choose a Country' is refused. */
export const ShadowPlayerSchema = z.object({
  display_name: z
    .string()
    .trim()
    .min(1, "Enter a registry name.")
    .max(LIMITS.shadowPlayerName, `Shadow player names may be at most ${LIMITS.shadowPlayerName} characters.`),
  country: z.string().refine((c) => c !== COUNTRY_NONE, "Choose a country."),
});

/**
 * Creates a shadow player, a registry entry without an account, with
 * `{shadow: true, display_name, country}` (000 §7); success goes to the new player's page.
 */
export function ShadowPlayerForm({
  save,
  onSaved,
}: {
  save: (body: Record<string, unknown>) => Promise<ProfileSaveResponse>;
  onSaved: (res: ProfileSaveResponse) => void;
}) {
  const countries = useCountries();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ShadowPlayerSchema), defaultValues: { display_name: "", country: COUNTRY_NONE } });

  const options = useMemo(
    () => [
      [COUNTRY_NONE, countries.data?.[COUNTRY_NONE] ?? "Choose a Country"],
      ...Object.entries(countries.data ?? {})
        .filter(([code]) => code !== COUNTRY_NONE)
        .sort((a, b) => a[1].localeCompare(b[1])),
    ],
    [countries.data],
  );

  const submit = handleSubmit(async (values) => {
    setError(null);
    setSending(true);
    try {
      const res = await save({ shadow: true, ...values });
      if (res.status === "success") onSaved(res);
      else setError(res.message);
    } catch (err) {
      setError(profileSaveError(err));
    } finally {
      setSending(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="profile-form">
      <Panel title="Shadow Player">
        <p className="field__hint">A registry entry without an account, so staff can register the player in tournaments.</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <TextField
          label="Registry Name"
          maxLength={LIMITS.shadowPlayerName}
          error={errors.display_name?.message}
          {...register("display_name")}
        />
        <div className="field">
          <label htmlFor="shadow-country">Country</label>
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
          {errors.country?.message && <p className="field__error">{errors.country.message}</p>}
        </div>
        <button type="submit" className="btn btn--primary" disabled={sending}>
          Create Shadow Player
        </button>
      </Panel>
    </form>
  );
}
