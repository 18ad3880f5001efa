import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  WEBHOOK_EVENTS,
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
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatUtcDateTime } from "@/lib/time-format";
import { useContractForm } from "@/lib/use-contract-form";
import { useDeliveries } from "../api/get-deliveries";
import { useWebhooks } from "../api/get-webhooks";
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useUpdateWebhook } from "../api/save-webhook";
import "./webhooks.css";

/** What the scope is called on the page ("Tournament: Summer Cup"). */
const SCOPE_LABELS: Record<WebhookScope, string> = { tournament: "Tournament", series: "Series", team: "Team" };
/** "this series' events", with the possessive each noun takes. */
const OWNER_OF: Record<WebhookScope, string> = { tournament: "this tournament's", series: "this series'", team: "this team's" };

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
  const list = useWebhooks(scope, id);
  // A refusal (signed out, not an owner, no such scope) is said in the server's words, not as a failure.
  const refused = list.error instanceof ApiError && [401, 403, 404].includes(list.error.status) ? list.error : null;
  return (
    <div className="page page--form webhooks-page">
      <h1>Webhooks</h1>
      {refused ? (
        <p className="access-note">
          {refused.status === 401 ? (
            <>
              <Link to={paths.login(paths.webhooks(scope, id))}>Log in</Link> to manage webhooks.
            </>
          ) : (
            refused.message
          )}
        </p>
      ) : (
        <QueryState query={list}>
          {(d) => (
            <>
              <p className="webhooks__scope">
                {SCOPE_LABELS[scope]}: <Link to={backTo}>{d.scope_name}</Link>
              </p>
              <p className="webhooks__intro">
                Post {OWNER_OF[scope]} events to a Discord channel or to your own server. Discord hooks get a message with an embed; JSON
                hooks get <code>{"{ event, delivered_at, data }"}</code> signed with your secret. Failed deliveries are retried for about 7
                hours; after {WEBHOOK_DISABLE_AFTER} failed deliveries in a row the hook is turned off and you are notified.
              </p>
              <CreateWebhook scope={scope} id={id} list={d} />
              <section className="webhooks__list" aria-labelledby="webhooks-list-title">
                <h2 id="webhooks-list-title">
                  Your webhooks ({d.data.length} of {d.max})
                </h2>
                {d.data.length === 0 ? (
                  <p className="empty">No webhooks yet.</p>
                ) : (
                  <ul className="webhooks__cards">
                    {d.data.map((h) => (
                      <WebhookCard key={h.id} scope={scope} id={id} hook={h} />
                    ))}
                  </ul>
                )}
              </section>
              <details className="webhooks__verify">
                <summary>How to verify a JSON delivery</summary>
                <p>
                  Each JSON delivery carries <code>X-Webhook-Id</code>, <code>X-Webhook-Timestamp</code> (seconds) and{" "}
                  <code>X-Webhook-Signature: sha256=…</code>, the hex HMAC-SHA256 of <code>timestamp + "." + raw body</code> with your
                  secret. Recompute it over the raw body, compare in constant time, refuse timestamps older than 5 minutes, and ignore an{" "}
                  <code>X-Webhook-Id</code> you already processed (a delivery may arrive twice).
                </p>
              </details>
            </>
          )}
        </QueryState>
      )}
      <p>
        <Link to={backTo}>Back</Link>
      </p>
    </div>
  );
}

type FormValues = { url: string; format: WebhookFormat; events: WebhookEvent[] | WebhookEvent | false };

/** The create form, and the secret of the hook just made (shown once, with Copy). */
function CreateWebhook({ scope, id, list }: { scope: WebhookScope; id: number; list: WebhookList }) {
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
    beforeSend: () => setSecret(null),
    onSaved: (r) => {
      setSecret(r.secret);
      f.form.reset({ url: "", format: "discord", events: [...list.events] });
      toast(r.secret ? "Webhook created. Copy its secret now." : "Webhook created.");
    },
  });
  const errors = f.form.formState.errors;
  return (
    <section className="panel webhooks__create" aria-labelledby="webhooks-create-title">
      <div className="panel__body">
        <h2 id="webhooks-create-title">Add a webhook</h2>
        {full ? (
          <p className="access-note">
            This {scope} has the most webhooks allowed ({list.max}). Delete one to add another.
          </p>
        ) : (
          <form onSubmit={f.submit} noValidate>
            <TextField
              label="Webhook URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://discord.com/api/webhooks/…"
              error={errors.url?.message}
              {...f.form.register("url")}
            />
            <RadioGroup
              legend="Format"
              options={(Object.keys(WEBHOOK_FORMATS) as WebhookFormat[]).map((k) => ({ value: k, label: WEBHOOK_FORMATS[k] }))}
              {...f.form.register("format")}
            />
            <fieldset className="webhooks__events">
              <legend>Events</legend>
              {list.events.map((e) => (
                <Checkbox key={e} label={WEBHOOK_EVENTS[e]} value={e} {...f.form.register("events")} />
              ))}
              {errors.events?.message && <p className="field__error">{errors.events.message}</p>}
            </fieldset>
            {f.error && (
              <p className="form-error" role="alert">
                {f.error}
              </p>
            )}
            <SubmitButton busy={f.isPending} busyLabel="Adding…">
              Add webhook
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
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const [note, setNote] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setNote("Secret copied.");
    } catch {
      field.current?.select();
      setNote("Press Ctrl+C (or ⌘C) to copy the selected secret.");
    }
  };
  return (
    <div className="webhooks__secret" role="status">
      <label htmlFor={fieldId}>Signing secret: copy it now, it is not shown again</label>
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
          Copy
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Done
        </button>
      </div>
      {note && <p className="field__hint">{note}</p>}
    </div>
  );
}

/** One hook: its URL and status, the enable switch, Send test, the delivery log and Delete. */
function WebhookCard({ scope, id, hook }: { scope: WebhookScope; id: number; hook: Webhook }) {
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
      title: "Delete this webhook?",
      body: <p>Nothing more is sent to {host}, and its delivery log is deleted. This cannot be undone.</p>,
      confirmLabel: "Delete webhook",
      destructive: true,
    });
    if (ok) remove.mutate({ scope, id, hookId: hook.id }, { onSuccess: () => toast(`Webhook to ${host} deleted.`) });
  };
  return (
    <li className="webhooks__card panel">
      <div className="panel__body">
        <p className="webhooks__url">{hook.url}</p>
        <p className="webhooks__badges">
          <span className="badge">{WEBHOOK_FORMATS[hook.format]}</span>{" "}
          {hook.enabled ? <span className="badge badge--ok">Enabled</span> : <span className="badge badge--danger">Disabled</span>}
        </p>
        {hook.disabled_reason && <p className="webhooks__reason">{hook.disabled_reason}</p>}
        <p className="webhooks__events-line">Events: {hook.events.map((e) => WEBHOOK_EVENTS[e]).join(", ")}</p>
        <div className="webhooks__actions">
          <Checkbox
            label={update.isPending ? "Saving…" : "Enabled"}
            checked={hook.enabled}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { scope, id, hookId: hook.id, body: { enabled: e.target.checked } },
                { onSuccess: (r) => toast(r.webhook.enabled ? `Webhook to ${host} enabled.` : `Webhook to ${host} disabled.`) },
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
                    toast(r.message ?? "Test queued.");
                  },
                },
              )
            }
          >
            {test.isPending ? "Sending…" : "Send test"}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((s) => !s)}
          >
            {showLog ? "Hide delivery log" : "Delivery log"}
          </button>
          <button type="button" className="btn btn--danger btn--sm" disabled={remove.isPending} onClick={() => void onDelete()}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </button>
        </div>
        {failed && (
          <p className="form-error" role="alert">
            {errorMessage(failed)}
          </p>
        )}
        <div id={logId}>{showLog && <DeliveryLog scope={scope} id={id} hookId={hook.id} />}</div>
      </div>
    </li>
  );
}

const STATUS_LABELS: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "badge" },
  delivering: { label: "Sending", className: "badge" },
  delivered: { label: "Delivered", className: "badge badge--ok" },
  failed: { label: "Retrying", className: "badge badge--warn" },
  dead: { label: "Failed", className: "badge badge--danger" },
};

const time = (iso: string | null) => (iso ? formatUtcDateTime(iso) : "–");

/** The last 50 deliveries of a hook, newest first, with status badges. */
function DeliveryLog({ scope, id, hookId }: { scope: WebhookScope; id: number; hookId: number }) {
  const log = useDeliveries(scope, id, hookId);
  return (
    <QueryState query={log} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">Nothing delivered yet.</p>}>
      {(d) => (
        <TableScroll label="Delivery log">
          <table className="stats-table webhooks__log">
            <caption className="visually-hidden">Delivery log (newest first, times in UTC)</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Event</th>
                <th scope="col">Attempts</th>
                <th scope="col">Answer</th>
                <th scope="col">Queued (UTC)</th>
                <th scope="col">Next try / delivered (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {d.data.map((r) => {
                const s = STATUS_LABELS[r.status];
                return (
                  <tr key={r.id}>
                    <td>
                      <span className={s.className}>{s.label}</span>
                    </td>
                    <td>{r.kind === "test" ? "Test" : WEBHOOK_EVENTS[r.kind]}</td>
                    <td>{r.attempts}</td>
                    <td>{r.last_error ?? (r.last_status_code !== null ? `HTTP ${r.last_status_code}` : "–")}</td>
                    <td>{time(r.created_at)}</td>
                    <td>{r.delivered_at ? time(r.delivered_at) : time(r.next_attempt_at)}</td>
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
