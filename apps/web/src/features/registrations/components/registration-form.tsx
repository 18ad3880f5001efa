import { useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { LIMITS, type RegisterBody, type RegisterStatus, type TournamentDetail } from "@site/contract";
import { RegisterBodySchema } from "@site/contract/schemas";
import { ColorField } from "@/components/ui/color-select";
import { SubmitButton } from "@/components/form/submit-button";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useContractForm } from "@/lib/use-contract-form";
import { type RegistrationTarget, useSaveRegistration } from "../api/registrations";
import { MiiNameHint } from "./mii-name-hint";

/** What the registration form's inputs hold; `can_host` is the select's "0"/"1". */
interface RegistrationValues {
  squad_name: string;
  squad_tag: string;
  squad_color: number;
  can_host: "0" | "1";
  mii_name: string;
}

/** Registration form showing only the fields the tournament requires (001 §5 Squad rules). */
export default function RegistrationForm({
  t,
  status,
  target,
  squadFields,
  submitLabel,
  initial,
  onDone,
}: {
  t: TournamentDetail;
  status: RegisterStatus;
  target: RegistrationTarget;
  squadFields: boolean;
  submitLabel: string;
  initial?: { squad_name?: string; squad_tag?: string; squad_color?: number; can_host?: boolean; mii_name?: string };
  onDone?: () => void;
}) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const hintId = useId();
  const rf = status.required_fields;
  // The body carries only what the tournament asks for (001 §5), checked by the contract's schema.
  const toBody = (v: RegistrationValues): RegisterBody => {
    const body: RegisterBody = {};
    if (squadFields && rf.squad_name) body.squad_name = v.squad_name;
    if (squadFields && rf.squad_tag) Object.assign(body, { squad_tag: v.squad_tag, squad_color: v.squad_color });
    if (rf.can_host) body.can_host = v.can_host === "1";
    if (rf.mii_name) body.mii_name = v.mii_name;
    return body;
  };
  const { form, submit, isPending, error } = useContractForm({
    schema: RegisterBodySchema,
    defaults: {
      squad_name: initial?.squad_name ?? "",
      squad_tag: initial?.squad_tag ?? "",
      squad_color: initial?.squad_color ?? 1,
      can_host: initial?.can_host ? "1" : "0",
      mii_name: initial?.mii_name ?? "",
    },
    toBody,
    issues: "form",
    toVariables: (body) => ({ id: t.id, target, body }),
    mutation: useSaveRegistration(),
    errorText,
    onSaved: () => onDone?.(),
  });
  const { register, control } = form;
  const tag = useWatch({ control, name: "squad_tag" });
  return (
    <form className="registration-form" onSubmit={submit}>
      {squadFields && rf.squad_name && (
        <label>
          {_("registration.squadName")}
          <input maxLength={LIMITS.squadName} required {...register("squad_name")} />
        </label>
      )}
      {squadFields && rf.squad_tag && (
        <>
          <label>
            {_("registration.squadTag")}
            <input maxLength={LIMITS.squadTag} required {...register("squad_tag")} />
          </label>
          <Controller
            control={control}
            name="squad_color"
            render={({ field }) => (
              <ColorField label={_("registration.squadColor")} value={field.value} tag={tag} onChange={field.onChange} />
            )}
          />
        </>
      )}
      {rf.can_host && (
        <label>
          {_("registration.canHost")}
          <select {...register("can_host")}>
            <option value="0">{_("common.no")}</option>
            <option value="1">{_("common.yes")}</option>
          </select>
        </label>
      )}
      {rf.mii_name && (
        <>
          <label>
            {_("registration.inGameName")}
            <input maxLength={rf.mii_name_max_length} required aria-describedby={hintId} {...register("mii_name")} />
          </label>
          <MiiNameHint id={hintId} max={rf.mii_name_max_length} />
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {fieldError(error)}
        </p>
      )}
      <SubmitButton busy={isPending} disabled={t.id < 0}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
