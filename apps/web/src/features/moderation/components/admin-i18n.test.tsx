import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { ProfileChange, WebhookList } from "@site/contract";
import { mockFetch, type MockRequest } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";
import { activateLocale, i18n } from "@/lib/i18n/i18n";

/**
 * The notifications, moderation, admin and webhooks screens in other languages (#21): the
 * catalogue's texts, selects and plurals, and the server's refusals through their codes. (The
 * setup switches back to English after each test.)
 */

const mod = userSession({ display_name: "Mod" }, { canModerate: true });
const admin = userSession({ display_name: "Boss" }, { canAdministrate: true, canModerate: true });

const coded = (status: number, message: string, code: string, params?: Record<string, string | number>) => ({
  reply: { status, body: { status: "error", message, code, ...(params ? { params } : {}) } },
});

const change = (o: Partial<ProfileChange> = {}): ProfileChange => ({
  change_id: 1,
  table_name: "players",
  field_name: "display_name",
  from_value: "Old Name",
  to_value: "New Name",
  date_human: "Nov 22, 2026",
  date: "2026-11-22T12:00:00.000Z",
  player_id: 1,
  country_code: "FR",
  country_name: "France",
  team_id: null,
  team_tag: null,
  team_name: null,
  team_color: null,
  ...o,
});

describe("admin screens in other languages (#21)", () => {
  it("shows the notifications in French and asks anonymous visitors to log in in Japanese", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      "GET /api/session": userSession({ unread_notifications: 1 }),
      "GET /api/notifications": { data: [], has_next_page: false },
    });
    const { unmount } = renderApp("/notifications");
    expect(await screen.findByText("Aucune notification.")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Non lues" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tout marquer comme lu" })).toBeInTheDocument();
    unmount();

    await activateLocale("ja", i18n, true);
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/notifications");
    const note = await screen.findByText(/このページを見るには/);
    expect(within(note).getByRole("link", { name: "ログイン" })).toHaveAttribute("href", "/login?next=%2Fnotifications");
    expect(screen.getByRole("heading", { level: 1, name: "通知" })).toBeInTheDocument();
  });

  it("declines a team tag change in German, naming the field in the dialog and the toast", async () => {
    await activateLocale("de", i18n, true);
    let list = [change({ table_name: "teams", field_name: "team_tag", from_value: "OLD", to_value: "NEW", team_id: 9, team_tag: "OLD" })];
    mockFetch({
      "GET /api/session": mod,
      "GET /api/registry/profile_changes": () => ({ body: { data: list } }),
      "POST /api/registry/profile_changes/decline": () => {
        list = [];
        return { body: { status: "ok" } };
      },
    });
    const { user } = renderApp("/registry/profile_changes");
    await user.click(await screen.findByRole("button", { name: "OLD → NEW ablehnen" }));
    const dialog = await screen.findByRole("dialog", { name: "Die Team-Tag-Änderung von „OLD“ zu „NEW“ ablehnen?" });
    expect(dialog).toHaveTextContent("Der Team-Tag bleibt „OLD“");
    await user.click(within(dialog).getByRole("button", { name: "Änderung ablehnen" }));
    await waitFor(() => expect(screen.getByTestId("toast-messages")).toHaveTextContent("Team-Tag-Änderung von „OLD“ zu „NEW“ abgelehnt."));
    expect(await screen.findByText("Keine offenen Profiländerungen.")).toBeInTheDocument();
  });

  it("shows a ban refusal by its code in Spanish, and the ban's period", async () => {
    await activateLocale("es", i18n, true);
    mockFetch({
      "GET /api/session": mod,
      "GET /api/admin/bans": {
        data: [
          {
            ban_id: 1,
            player_id: 4,
            display_name: "Rude",
            country_code: "US",
            reason: "Toxic",
            banned_human: "Nov 22, 2026",
            banned_at: "2026-11-22T12:00:00.000Z",
            ends_human: null,
            ends_at: null,
            banned_by: "Mod",
          },
        ],
      },
      "GET /api/admin/inactive_accounts": { data: [] },
      "GET /api/registry/players/all": { data: [{ id: 7, name: "Self", country_code: "ES", is_shadow: false }] },
      "POST /api/admin/bans": coded(400, "You cannot ban yourself.", "moderation.ban_self"),
    });
    const { user } = renderApp("/admin/bans");
    expect(await screen.findByRole("heading", { level: 1, name: "Suspensiones y cuentas" })).toBeInTheDocument();
    // The day in the page's language (#21 §4), from the wire's banned_at.
    expect(await screen.findByText("22 nov 2026 – hasta que se levante · por Mod")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Jugador"), "se");
    await user.click(await screen.findByRole("button", { name: "Elegir a Self" }));
    await user.type(screen.getByLabelText("Motivo"), "Test");
    await user.click(screen.getByRole("button", { name: "Suspender al jugador" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Suspender a Self?" });
    expect(dialog).toHaveTextContent("Self queda suspendido hasta que se levante la suspensión por «Test»");
    await user.click(within(dialog).getByRole("button", { name: "Suspender a Self" }));
    expect(await screen.findByText("No puedes suspenderte a ti mismo.")).toBeInTheDocument();
  });

  it("shows the staff-ban refusal by its code in French (#21)", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      "GET /api/session": mod,
      "GET /api/admin/bans": { data: [] },
      "GET /api/admin/inactive_accounts": { data: [] },
      "GET /api/registry/players/all": { data: [{ id: 8, name: "Other Mod", country_code: "FR", is_shadow: false }] },
      "POST /api/admin/bans": coded(403, "Only administrators can ban a moderator.", "moderation.ban_moderator"),
    });
    const { user } = renderApp("/admin/bans");
    expect(await screen.findByRole("heading", { level: 1, name: "Bannissements et comptes" })).toBeInTheDocument();
    await user.type(await screen.findByLabelText("Joueur"), "ot");
    await user.click(await screen.findByRole("button", { name: "Choisir Other Mod" }));
    await user.type(screen.getByLabelText("Motif"), "Test");
    await user.click(screen.getByRole("button", { name: "Bannir le joueur" }));
    const dialog = await screen.findByRole("dialog", { name: "Bannir Other Mod ?" });
    await user.click(within(dialog).getByRole("button", { name: "Bannir Other Mod" }));
    expect(await screen.findByText("Seuls les administrateurs peuvent bannir un modérateur.")).toBeInTheDocument();
    expect(screen.queryByText("Only administrators can ban a moderator.")).not.toBeInTheDocument();
  });

  it("names the roles in Japanese and says the Administrator role cannot be edited", async () => {
    await activateLocale("ja", i18n, true);
    mockFetch({
      "GET /api/session": admin,
      "GET /api/admin/roles/moderate": {
        role: "moderate",
        editable: true,
        data: [{ player_id: 8, display_name: "Zed", country_code: "JP" }],
      },
      "GET /api/admin/roles/administrate": { role: "administrate", editable: false, data: [] },
    });
    const { user } = renderApp("/admin/roles");
    expect(await screen.findByRole("heading", { level: 2, name: "モデレーター" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Zedを外す" })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("ロール"), "administrate");
    expect(await screen.findByText("このロールを編集する権限がありません")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "管理者" })).toBeInTheDocument();
  });

  it("shows the audit log's actions and targets in French", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      "GET /api/session": admin,
      "GET /api/admin/audit": {
        data: [
          {
            id: 1,
            actor: "Boss",
            action: "player.ban",
            target_type: "players",
            target_id: 4,
            before: null,
            after: '{"reason":"Toxic"}',
            time_human: "Nov 22, 2026, 10:00 UTC",
            time: "2026-11-22T10:00:00.000Z",
          },
        ],
        has_next_page: false,
      },
    });
    renderApp("/admin/audit");
    const row = (await screen.findByText("A banni un joueur")).closest("tr")!;
    expect(within(row).getByRole("link", { name: "Joueur n°4" })).toHaveAttribute("href", "/registry/players/4");
    expect(within(row).getByText("22 nov. 2026, 10:00 UTC")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Cible" })).toBeInTheDocument();
  });

  it("shows the webhooks screen in Portuguese, with its form checks and a coded refusal", async () => {
    await activateLocale("pt", i18n, true);
    const list: WebhookList = { data: [], scope_name: "Summer Cup", events: ["team.transfer"], max: 10 };
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/webhooks/team/7": list,
      "POST /api/webhooks/team/7": ({ body }: MockRequest) =>
        (body as { url: string }).url.includes("127.0.0.1")
          ? coded(400, "The webhook URL must point to a public internet address.", "webhooks.private_address").reply
          : { body: {} },
    });
    const { user } = renderApp("/webhooks/team/7");
    expect(await screen.findByRole("region", { name: "Seus webhooks (0 de 10)" })).toBeInTheDocument();
    expect(screen.getByText(/^Equipe/, { selector: ".webhooks__scope" })).toHaveTextContent("Equipe: Summer Cup");
    expect(screen.getByText(/Envie os eventos desta equipe/)).toHaveTextContent("depois de 5 envios falhos seguidos");
    await user.click(screen.getByRole("button", { name: "Adicionar webhook" }));
    expect(await screen.findByText("Informe a URL do webhook.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("URL do webhook"), "https://127.0.0.1/x");
    await user.click(screen.getByRole("button", { name: "Adicionar webhook" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A URL do webhook deve apontar para um endereço público da internet.");
  });
});
