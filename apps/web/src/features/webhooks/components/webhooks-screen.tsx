import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  WEBHOOK_FORMATS,
  WEBHOOK_DISABLE_AFTER,
  type Webhook,
  type WebhookCreateBody,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookList,
  type WebhookScope,
} from "@site/contract";
import { WebhookCreateBodySchema } from "@site/contract/schemas";
import { Checkbox, RadioGroup } from "@/components/form/form-fields";
import { SubmitButton } from "@/components/form/submit-button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { TableScroll } from "@/components/ui/table-scroll";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import type { MessageId } from "@lingui/core";
import { ApiError } from "@/lib/api-client";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { formatUtcDateTime } from "@/lib/time-format";
import { useContractForm } from "@/lib/use-contract-form";
import { useDeliveries } from "../api/get-deliveries";
import { useWebhooks } from "../api/get-webhooks";
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useUpdateWebhook } from "../api/save-webhook";
import "./webhooks.css";

/** The event kinds' names (the contract's WEBHOOK_EVENTS, in the page's language). */
const EVENT_NAMES = {
  "registrations.opened": "webhooks.event.registrationsOpened",
  "checkin.opened": "webhooks.event.checkinOpened",
  "round.published": "webhooks.event.roundPublished",
  "room.table_submitted": "webhooks.event.tableSubmitted",
  "placements.final": "webhooks.event.placementsFinal",
  "team.transfer": "webhooks.event.teamTransfer",
} as const satisfies Record<WebhookEvent, MessageId>;

/** The formats' names (the contract's WEBHOOK_FORMATS, in the page's language). */
const FORMAT_NAMES = { discord: "webhooks.format.discord", json: "webhooks.format.json" } as const satisfies Record<
  WebhookFormat,
  MessageId
>;

/** What a JSON delivery's body looks like (code, the same in every language). */
const JSON_BODY = "{ event, delivered_at, data }";
const URL_PLACEHOLDER = "https://discord.com/api/webhooks/…";
/** The headers and signed text of a JSON delivery (code, the same in every language). */
const HEADER_ID = "X-Webhook-Id";
const HEADER_TIMESTAMP = "X-Webhook-Timestamp";
const HEADER_SIGNATURE = "X-Webhook-Signature: sha256=…";
const SIGNED_TEXT = 'timestamp + "." + raw body';
/** The reason the delivery worker stores when it turns a hook off (webhook-delivery.service.ts). */
const AUTO_DISABLED_REASON = `Disabled after ${WEBHOOK_DISABLE_AFTER} failed deliveries in a row.`;

export interface WebhooksScreenProps {
  scope: WebhookScope;
  id: number;
  /** Where the scope's own page is (the back link). */
  backTo: string;
}

/**
 * The Webhooks screen of a tournament, series or team (issue #20 §5): who owns the scope
 * registers URLs (Discord or signed JSON) with the events they want, sees the signing secret once,
 * enables, tests and deletes hooks and reads each hook's delivery log. Non-owners get the
 * server's refusal in the failure state.
 */
export function WebhooksScreen({ scope, id, backTo }: WebhooksScreenProps) {
  const _ = useT();
  const { errorText } = useErrorText();
  const list = useWebhooks(scope, id);
  // A refusal (signed out, not an owner, no such scope) is said in the server's words, not as a failure.
  const refused = list.error instanceof ApiError && [401, 403, 404].includes(list.error.status) ? list.error : null;
  return (
    <div className="page page--form webhooks-page">
      <h1>{_("webhooks.title")}</h1>
      {refused ? (
        <p className="access-note">
          {refused.status === 401 ? (
            <Trans id="webhooks.logIn" components={{ 0: <Link to={paths.login(paths.webhooks(scope, id))} /> }} />
          ) : (
            errorText(refused)
          )}
        </p>
      ) : (
        <QueryState query={list}>
          {(d) => (
            <>
              <p className="webhooks__scope">
                <Trans id="webhooks.scope" values={{ scope, name: d.scope_name }} components={{ 0: <Link to={backTo} /> }} />
              </p>
              <p className="webhooks__intro">
                <Trans id="webhooks.intro" values={{ scope, body: JSON_BODY, count: WEBHOOK_DISABLE_AFTER }} components={{ 0: <code /> }} />
              </p>
              <CreateWebhook scope={scope} id={id} list={d} />
              <section className="webhooks__list" aria-labelledby="webhooks-list-title">
                <h2 id="webhooks-list-title">{_("webhooks.yours", { count: d.data.length, max: d.max })}</h2>
                {d.data.length === 0 ? (
                  <p className="empty">{_("webhooks.empty")}</p>
                ) : (
                  <ul className="webhooks__cards">
                    {d.data.map((h) => (
                      <WebhookCard key={h.id} scope={scope} id={id} hook={h} />
                    ))}
                  </ul>
                )}
              </section>
              <details className="webhooks__verify">
                <summary>{_("webhooks.verify.title")}</summary>
                <p>
                  <Trans
                    id="webhooks.verify.text"
                    values={{ minutes: 5 }}
                    components={{
                      0: <code>{HEADER_ID}</code>,
                      1: <code>{HEADER_TIMESTAMP}</code>,
                      2: <code>{HEADER_SIGNATURE}</code>,
                      3: <code>{SIGNED_TEXT}</code>,
                    }}
                  />
                </p>
              </details>
            </>
          )}
        </QueryState>
      )}
      <p>
        <Link to={backTo}>{_("webhooks.back")}</Link>
      </p>
    </div>
  );
}

type FormValues = { url: string; format: WebhookFormat; events: WebhookEvent[] | WebhookEvent | false };

/** The create form, and the secret of the hook just made (shown once, with Copy). */
function CreateWebhook({ scope, id, list }: { scope: WebhookScope; id: number; list: WebhookList }) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const create = useCreateWebhook();
  const toast = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const full = list.data.length >= list.max;
  const f = useContractForm<
    FormValues,
    WebhookCreateBody,
    { scope: WebhookScope; id: number; body: WebhookCreateBody },
    { secret: string | null; message: string }
  >({
    schema: WebhookCreateBodySchema,
    defaults: { url: "", format: "discord", events: [...list.events] },
    toBody: (v) => ({ url: v.url, format: v.format, events: Array.isArray(v.events) ? v.events : v.events ? [v.events] : [] }),
    toVariables: (body) => ({ scope, id, body }),
    mutation: create,
    errorText,
    beforeSend: () => setSecret(null),
    onSaved: (r) => {
      setSecret(r.secret);
      f.form.reset({ url: "", format: "discord", events: [...list.events] });
      toast(r.secret ? _("webhooks.created.secret") : _("webhooks.created"));
    },
  });
  const errors = f.form.formState.errors;
  return (
    <section className="panel webhooks__create" aria-labelledby="webhooks-create-title">
      <div className="panel__body">
        <h2 id="webhooks-create-title">{_("webhooks.add.title")}</h2>
        {full ? (
          <p className="access-note">{_("webhooks.add.full", { scope, max: list.max })}</p>
        ) : (
          <form onSubmit={f.submit} noValidate>
            <TextField
              label={_("webhooks.add.url")}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={URL_PLACEHOLDER}
              error={fieldError(errors.url?.message)}
              {...f.form.register("url")}
            />
            <RadioGroup
              legend={_("webhooks.add.format")}
              options={(Object.keys(WEBHOOK_FORMATS) as WebhookFormat[]).map((k) => ({ value: k, label: _(FORMAT_NAMES[k]) }))}
              {...f.form.register("format")}
            />
            <fieldset className="webhooks__events">
              <legend>{_("webhooks.add.events")}</legend>
              {list.events.map((e) => (
                <Checkbox key={e} label={_(EVENT_NAMES[e])} value={e} {...f.form.register("events")} />
              ))}
              {errors.events?.message && <p className="field__error">{fieldError(errors.events.message)}</p>}
            </fieldset>
            {f.error && (
              <p className="form-error" role="alert">
                {f.error}
              </p>
            )}
            <SubmitButton busy={f.isPending} busyLabel={_("webhooks.add.adding")}>
              {_("webhooks.add.submit")}
            </SubmitButton>
          </form>
        )}
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      </div>
    </section>
  );
}

/** The new JSON hook's signing secret: shown this once, with a Copy button. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const _ = useT();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const [note, setNote] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setNote(_("webhooks.secret.copied"));
    } catch {
      field.current?.select();
      setNote(_("webhooks.secret.copyByHand"));
    }
  };
  return (
    <div className="webhooks__secret" role="status">
      <label htmlFor={fieldId}>{_("webhooks.secret.label")}</label>
      <div className="webhooks__secret-row">
        <input
          id={fieldId}
          ref={field}
          className="input webhooks__secret-value"
          readOnly
          value={secret}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
          {_("webhooks.secret.copy")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {_("webhooks.secret.done")}
        </button>
      </div>
      {note && <p className="field__hint">{note}</p>}
    </div>
  );
}

/** One hook: its URL and status, the enable switch, Send test, the delivery log and Delete. */
function WebhookCard({ scope, id, hook }: { scope: WebhookScope; id: number; hook: Webhook }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const serverText = useServerText();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const confirm = useConfirm();
  const toast = useToast();
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const host = hostOf(hook.url);
  const failed = update.error ?? remove.error ?? test.error;
  const onDelete = async () => {
    const ok = await confirm({
      title: _("webhooks.delete.title"),
      body: <p>{_("webhooks.delete.body", { host })}</p>,
      confirmLabel: _("webhooks.delete.confirm"),
      destructive: true,
    });
    if (ok) remove.mutate({ scope, id, hookId: hook.id }, { onSuccess: () => toast(_("webhooks.delete.done", { host })) });
  };
  return (
    <li className="webhooks__card panel">
      <div className="panel__body">
        <p className="webhooks__url">{hook.url}</p>
        <p className="webhooks__badges">
          <span className="badge">{_(FORMAT_NAMES[hook.format])}</span>{" "}
          {hook.enabled ? (
            <span className="badge badge--ok">{_("webhooks.card.enabled")}</span>
          ) : (
            <span className="badge badge--danger">{_("webhooks.card.disabled")}</span>
          )}
        </p>
        {hook.disabled_reason && (
          <p className="webhooks__reason">
            {hook.disabled_reason === AUTO_DISABLED_REASON
              ? _("webhooks.card.autoDisabled", { count: WEBHOOK_DISABLE_AFTER })
              : hook.disabled_reason}
          </p>
        )}
        <p className="webhooks__events-line">
          {_("webhooks.card.events", { events: hook.events.map((e) => _(EVENT_NAMES[e])).join(_("webhooks.card.eventSeparator")) })}
        </p>
        <div className="webhooks__actions">
          <Checkbox
            label={update.isPending ? _("webhooks.card.saving") : _("webhooks.card.enabled")}
            checked={hook.enabled}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { scope, id, hookId: hook.id, body: { enabled: e.target.checked } },
                {
                  onSuccess: (r) =>
                    toast(r.webhook.enabled ? _("webhooks.card.enabledToast", { host }) : _("webhooks.card.disabledToast", { host })),
                },
              )
            }
          />
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={!hook.enabled || test.isPending}
            onClick={() =>
              test.mutate(
                { scope, id, hookId: hook.id },
                {
                  onSuccess: (r) => {
                    setShowLog(true);
                    toast(serverText(r.message, "webhooks.card.testQueued"));
                  },
                },
              )
            }
          >
            {test.isPending ? _("webhooks.card.sending") : _("webhooks.card.sendTest")}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((s) => !s)}
          >
            {showLog ? _("webhooks.card.hideLog") : _("webhooks.log.title")}
          </button>
          <button type="button" className="btn btn--danger btn--sm" disabled={remove.isPending} onClick={() => void onDelete()}>
            {remove.isPending ? _("webhooks.card.deleting") : _("webhooks.card.delete")}
          </button>
        </div>
        {failed && (
          <p className="form-error" role="alert">
            {errorText(failed)}
          </p>
        )}
        <div id={logId}>{showLog && <DeliveryLog scope={scope} id={id} hookId={hook.id} />}</div>
      </div>
    </li>
  );
}

const STATUS_LABELS: Record<WebhookDeliveryStatus, { label: MessageId; className: string }> = {
  pending: { label: "webhooks.status.pending", className: "badge" },
  delivering: { label: "webhooks.status.delivering", className: "badge" },
  delivered: { label: "webhooks.status.delivered", className: "badge badge--ok" },
  failed: { label: "webhooks.status.failed", className: "badge badge--warn" },
  dead: { label: "webhooks.status.dead", className: "badge badge--danger" },
};

/** A delivery's instant in UTC, in the page's language (#21 §4); '–' when there is none. */
const time = (iso: string | null, locale: string) => (iso ? formatUtcDateTime(iso, { locale }) : "–");

/** The last 50 deliveries of a hook, newest first, with status badges. */
function DeliveryLog({ scope, id, hookId }: { scope: WebhookScope; id: number; hookId: number }) {
  const _ = useT();
  const { locale } = useI18n();
  const log = useDeliveries(scope, id, hookId);
  return (
    <QueryState query={log} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("webhooks.log.empty")}</p>}>
      {(d) => (
        <TableScroll label={_("webhooks.log.title")}>
          <table className="stats-table webhooks__log">
            <caption className="visually-hidden">{_("webhooks.log.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{_("webhooks.log.status")}</th>
                <th scope="col">{_("webhooks.log.event")}</th>
                <th scope="col">{_("webhooks.log.attempts")}</th>
                <th scope="col">{_("webhooks.log.answer")}</th>
                <th scope="col">{_("webhooks.log.queued")}</th>
                <th scope="col">{_("webhooks.log.next")}</th>
              </tr>
            </thead>
            <tbody>
              {d.data.map((r) => {
                const s = STATUS_LABELS[r.status];
                return (
                  <tr key={r.id}>
                    <td>
                      <span className={s.className}>{_(s.label)}</span>
                    </td>
                    <td>{r.kind === "test" ? _("webhooks.log.test") : _(EVENT_NAMES[r.kind])}</td>
                    <td>{r.attempts}</td>
                    <td>
                      {r.last_error ?? (r.last_status_code !== null ? _("webhooks.log.httpStatus", { code: r.last_status_code }) : "–")}
                    </td>
                    <td>{time(r.created_at, locale)}</td>
                    <td>{r.delivered_at ? time(r.delivered_at, locale) : time(r.next_attempt_at, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryState>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
