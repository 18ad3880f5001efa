import { useId } from "react";
import { type Control, type UseFormRegister, useWatch } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { FormSection } from "@/components/form/form-fields";
import { UtcTimePreview } from "@/components/form/utc-time-preview";

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
  register,
  control,
  checkins,
}: {
  register: UseFormRegister<V>;
  control: Control<V>;
  checkins: boolean;
}) {
  const ids = { close: useId(), opens: useId(), closes: useId(), hint: useId() };
  const reg = register as unknown as UseFormRegister<ScheduleValues>;
  const [close, opens, closes] = useWatch({
    control: control as unknown as Control<ScheduleValues>,
    name: ["registrations_close_at", "checkin_opens_at", "checkin_closes_at"],
  });
  return (
    <FormSection title="Schedule (UTC)">
      <div>
        <TextField
          label="Registrations Close (UTC)"
          type="datetime-local"
          aria-describedby={`${ids.close} ${ids.hint}`}
          {...reg("registrations_close_at")}
        />
        <UtcTimePreview id={ids.close} value={close} kind="datetime" />
      </div>
      {checkins && (
        <div className="form-row">
          <div>
            <TextField label="Check-in Opens (UTC)" type="datetime-local" aria-describedby={ids.opens} {...reg("checkin_opens_at")} />
            <UtcTimePreview id={ids.opens} value={opens} kind="datetime" />
          </div>
          <div>
            <TextField label="Check-in Closes (UTC)" type="datetime-local" aria-describedby={ids.closes} {...reg("checkin_closes_at")} />
            <UtcTimePreview id={ids.closes} value={closes} kind="datetime" />
          </div>
        </div>
      )}
      <p className="field__hint" id={ids.hint}>
        Optional. Registrations close and check-in opens and closes by themselves at these times; changing the switch by hand afterwards
        clears the time.
      </p>
    </FormSection>
  );
}
