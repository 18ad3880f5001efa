import { useId } from "react";
import { type Control, type UseFormRegister, useWatch } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { FormSection } from "@/components/form/form-fields";
import { UtcTimePreview } from "@/components/form/utc-time-preview";
import { useT } from "@/lib/i18n/use-t";

/** The schedule's values in the tournament form: 'YYYY-MM-DDTHH:mm' read as UTC, '' for none. */
export interface ScheduleValues {
  registrations_close_at: string;
  checkin_opens_at: string;
  checkin_closes_at: string;
}

/**
 * "Schedule (UTC)" of the tournament form (issue #17 §2): optional registration close and check-in
 * window, each previewed in the admin's zone and in UTC like the dates. The check-in window shows
 * only while check-ins are enabled (the server ignores it otherwise). Setting a time makes the
 * switch follow the clock; flipping the switch by hand later clears the time.
 */
export function ScheduleFields<V extends ScheduleValues>({
  register: registerValues,
  control,
  checkins,
}: {
  register: UseFormRegister<V>;
  control: Control<V>;
  checkins: boolean;
}) {
  const _ = useT();
  const ids = { close: useId(), opens: useId(), closes: useId(), hint: useId() };
  const register = registerValues as unknown as UseFormRegister<ScheduleValues>;
  const [close, opens, closes] = useWatch({
    control: control as unknown as Control<ScheduleValues>,
    name: ["registrations_close_at", "checkin_opens_at", "checkin_closes_at"],
  });
  return (
    <FormSection title={_("tournaments.form.schedule")}>
      <div>
        <TextField
          label={_("tournaments.form.registrationsClose")}
          type="datetime-local"
          aria-describedby={`${ids.close} ${ids.hint}`}
          {...register("registrations_close_at")}
        />
        <UtcTimePreview id={ids.close} value={close} kind="datetime" />
      </div>
      {checkins && (
        <div className="form-row">
          <div>
            <TextField
              label={_("tournaments.form.checkinOpens")}
              type="datetime-local"
              aria-describedby={ids.opens}
              {...register("checkin_opens_at")}
            />
            <UtcTimePreview id={ids.opens} value={opens} kind="datetime" />
          </div>
          <div>
            <TextField
              label={_("tournaments.form.checkinCloses")}
              type="datetime-local"
              aria-describedby={ids.closes}
              {...register("checkin_closes_at")}
            />
            <UtcTimePreview id={ids.closes} value={closes} kind="datetime" />
          </div>
        </div>
      )}
      <p className="field__hint" id={ids.hint}>
        {_("tournaments.form.scheduleHint")}
      </p>
    </FormSection>
  );
}
