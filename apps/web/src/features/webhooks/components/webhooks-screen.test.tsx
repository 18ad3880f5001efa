import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { Webhook, WebhookDelivery, WebhookList } from "@site/contract";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

/** The Webhooks screen (issue #20 §5): list, create with the secret shown once, enable, test, delete, delivery log. */

const hook = (o: Partial<Webhook> = {}): Webhook => ({
  id: 3,
  url: "https://discord.com/api/webhooks/1/abc",
  format: "discord",
  events: ["registrations.opened", "round.published"],
  enabled: true,
  consecutive_failures: 0,
  disabled_reason: null,
  created_at: "2026-11-20T10:00:00.000Z",
  ...o,
});

const list = (data: Webhook[]): WebhookList => ({
  data,
  scope_name: "Summer Cup",
  events: ["registrations.opened", "checkin.opened", "round.published", "room.table_submitted", "placements.final"],
  max: 10,
});

const delivery = (o: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  kind: "registrations.opened",
  status: "delivered",
  attempts: 1,
  last_status_code: 204,
  last_error: null,
  created_at: "2026-11-20T10:00:00.000Z",
  next_attempt_at: null,
  delivered_at: "2026-11-20T10:00:01.000Z",
  ...o,
});

describe("/webhooks/{scope}/{id}", () => {
  it("lists the hooks with their state and shows a disabled one's reason", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/webhooks/tournament/5": list([
        hook(),
        hook({
          id: 4,
          url: "https://hooks.example/x",
          format: "json",
          enabled: false,
          disabled_reason: "Disabled after 5 failed deliveries in a row.",
        }),
      ]),
    });
    renderApp("/webhooks/tournament/5");
    expect(await screen.findByRole("heading", { level: 1, name: "Webhooks" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Summer Cup" })).toHaveAttribute("href", "/tournaments/5");
    const section = screen.getByRole("region", { name: "Your webhooks (2 of 10)" });
    const cards = within(section).getAllByRole("listitem");
    expect(within(cards[0]!).getByText("Enabled", { selector: ".badge" })).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Disabled", { selector: ".badge" })).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Disabled after 5 failed deliveries in a row.")).toBeInTheDocument();
    expect(within(cards[1]!).getByRole("button", { name: "Send test" })).toBeDisabled();
  });

  it("creates a JSON hook and shows its secret once, with Copy", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/webhooks/series/2": list([]),
      "POST /api/webhooks/series/2": ({ body }) => ({
        body: {
          status: "ok",
          message: "Webhook created.",
          webhook: hook({ id: 9, url: (body as { url: string }).url, format: "json" }),
          secret: "whsec_0123456789abcdef",
        },
      }),
    });
    const { user } = renderApp("/webhooks/series/2");
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Webhook URL"), "https://hooks.example/in");
    await user.click(screen.getByLabelText("JSON (signed)"));
    await user.click(screen.getByLabelText("Check-in opens"));
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByDisplayValue("whsec_0123456789abcdef")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
    const [post] = callsTo(fetch, "POST", "/api/webhooks/series/2");
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      url: "https://hooks.example/in",
      format: "json",
      events: ["registrations.opened", "round.published", "room.table_submitted", "placements.final"],
    });
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue("whsec_0123456789abcdef")).toBeNull();
  });

  it("shows the form's error for a refused URL", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/webhooks/team/7": { ...list([]), events: ["team.transfer"] },
      "POST /api/webhooks/team/7": errorReply(400, "The webhook URL must point to a public internet address."),
    });
    const { user } = renderApp("/webhooks/team/7");
    await user.type(await screen.findByLabelText("Webhook URL"), "https://127.0.0.1/x");
    await user.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The webhook URL must point to a public internet address.");
  });

  it("sends a test, opens the delivery log with status badges, and deletes after confirming", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/webhooks/tournament/5": list([hook()]),
      "POST /api/webhooks/tournament/5/3/test": { status: "ok", message: "Test event queued." },
      "GET /api/webhooks/tournament/5/3/deliveries": {
        data: [
          delivery({
            id: 2,
            kind: "test",
            status: "failed",
            attempts: 2,
            last_status_code: 500,
            last_error: "HTTP 500",
            delivered_at: null,
            next_attempt_at: "2026-11-20T10:05:00.000Z",
          }),
          delivery({}),
        ],
      },
      "POST /api/webhooks/tournament/5/3/delete": { status: "ok", message: "Webhook deleted." },
    });
    const { user } = renderApp("/webhooks/tournament/5");
    await user.click(await screen.findByRole("button", { name: "Send test" }));
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Retrying")).toHaveClass("badge--warn");
    expect(within(rows[1]!).getByText("HTTP 500")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Delivered")).toHaveClass("badge--ok");
    expect(callsTo(fetch, "POST", "/api/webhooks/tournament/5/3/test")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    expect(callsTo(fetch, "POST", "/api/webhooks/tournament/5/3/delete")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete webhook" }));
    await screen.findByText("Webhook to discord.com deleted.");
    expect(callsTo(fetch, "POST", "/api/webhooks/tournament/5/3/delete")).toHaveLength(1);
  });

  it("says why a viewer who does not own the scope is refused", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/webhooks/tournament/5": errorReply(403, "You do not have permission to administrate this tournament."),
    });
    renderApp("/webhooks/tournament/5");
    expect(await screen.findByText("You do not have permission to administrate this tournament.")).toBeInTheDocument();
  });
});
