import { useState } from "react";
import { formatLocalDateTime, formatUtcDateTime, isUtcZone, utcFieldInstant, zoneLabel } from "@/lib/time-format";
import { useViewerTimeZone } from "@/hooks/use-viewer-time-zone";
import { Trans, useI18n } from "@/lib/i18n/use-t";
import "./utc-time-preview.css";

/**
 * Under an administrator's UTC date field (issue 17 §2): what the entered value means in the
 * admin's own zone and in UTC, e.g. 'Your time: Thu Jan 10 2030, 19:00 CET · UTC: Thu Jan 10
 * 2030, 18:00 UTC'. `kind` 'deadline' reads a date as the end of that day (23:59:59 UTC).
 * Empty or unreadable values show nothing. Give the input `aria-describedby={id}`.
 */
export function UtcTimePreview({
  id,
  value,
  kind,
  timeZone,
}: {
  id: string;
  value: string;
  kind: "datetime" | "deadline";
  /** The zone to preview in; the admin's own by default (tests pass a fixed one). */
  timeZone?: string;
}) {
  const [now] = useState(Date.now);
  const { locale } = useI18n();
  const viewerZone = useViewerTimeZone();
  const zone = timeZone ?? viewerZone;
  const at = utcFieldInstant(value ?? "", kind);
  const seconds = kind === "deadline";
  return (
    <p className="field__hint utc-preview" id={id} data-testid="utc-preview">
      {at !== null && (
        <>
          <span>
            {isUtcZone(zone) ? (
              <Trans
                id="ui.utcPreview.yourTime"
                values={{ time: formatLocalDateTime(at, { timeZone: zone, now, seconds, locale }) }}
                components={{ 0: <strong /> }}
              />
            ) : (
              <Trans
                id="ui.utcPreview.yourTimeIn"
                values={{ zone: zoneLabel(at, zone), time: formatLocalDateTime(at, { timeZone: zone, now, seconds, locale }) }}
                components={{ 0: <strong /> }}
              />
            )}
          </span>
          <span aria-hidden="true"> · </span>
          <span>
            <Trans id="ui.utcPreview.utc" values={{ time: formatUtcDateTime(at, { seconds, locale }) }} components={{ 0: <strong /> }} />
          </span>
        </>
      )}
    </p>
  );
}
