import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ProfileChange } from "@site/contract";
import { userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render";

const mod = userSession({ display_name: "Mod" }, { canModerate: true });
const admin = userSession({ display_name: "Boss" }, { canAdministrate: true, canModerate: true });

const change: ProfileChange = {
  change_id: 1,
  table_name: "players",
  field_name: "display_name",
  from_value: "Old Name",
  to_value: "New Name",
  date_human: "Nov 22, 2026",
  date: "2026-11-22T12:00:00.000Z",
  team_id: null,
  team_tag: null,
  team_name: null,
  team_color: null,
  player_id: 5,
  country_code: "FR",
  country_name: "France",
};

function held() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release: () => release() };
}

describe("moderation decisions ask first, show progress and announce", () => {
  it("declining a profile change confirms what stays, disables both buttons in flight, then announces", async () => {
    const hold = held();
    let list = [change];
    const fetch = mockFetch({
      "GET /api/session": mod,
      "GET /api/registry/profile_changes": () => ({ body: { data: list } }),
      "POST /api/registry/profile_changes/decline": async () => {
        await hold.gate;
        list = [];
        return { body: { status: "ok" } };
      },
    });
    renderApp("/registry/profile_changes");
    const item = (await screen.findByText("New Name")).closest("li")!;
    await userEvent.click(within(item).getByRole("button", { name: "Decline Old Name → New Name" }));
    const dialog = await screen.findByRole("dialog", { name: 'Decline the name change from "Old Name" to "New Name"?' });
    expect(dialog).toHaveTextContent('The name stays "Old Name"');
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline change" }));

    expect(await within(item).findByRole("button", { name: "Declining Old Name → New Name…" })).toBeDisabled();
    expect(within(item).getByRole("button", { name: "Declining Old Name → New Name…" })).toHaveTextContent("Declining…");
    expect(within(item).getByRole("button", { name: "Approve Old Name → New Name" })).toBeDisabled();
    hold.release();
    await waitFor(() =>
      expect(screen.getByTestId("toast-messages")).toHaveTextContent('Declined the name change from "Old Name" to "New Name".'),
    );
    expect(await screen.findByText("No pending profile changes.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/registry/profile_changes/decline")).toHaveLength(1);
  });

  it("Cancel leaves the change in the queue", async () => {
    const fetch = mockFetch({
      "GET /api/session": mod,
      "GET /api/registry/profile_changes": { data: [change] },
    });
    renderApp("/registry/profile_changes");
    await userEvent.click(await screen.findByRole("button", { name: "Decline Old Name → New Name" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("New Name")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/registry/profile_changes/decline")).toHaveLength(0);
  });
});

describe("role removal asks first, shows progress and announces", () => {
  it("names the player and the role, disables the buttons in flight, then announces", async () => {
    const hold = held();
    let holders = [
      { player_id: 8, display_name: "Zed", country_code: "JP" },
      { player_id: 9, display_name: "Amy", country_code: "FR" },
    ];
    const fetch = mockFetch({
      "GET /api/session": admin,
      "GET /api/admin/roles/moderate": () => ({ body: { role: "moderate", editable: true, data: holders } }),
      "POST /api/admin/roles/remove": async () => {
        await hold.gate;
        holders = holders.filter((h) => h.player_id !== 8);
        return { body: { status: "ok" } };
      },
    });
    renderApp("/admin/roles");
    await userEvent.click(await screen.findByRole("button", { name: "Remove Zed" }));
    const dialog = await screen.findByRole("dialog", { name: /^Remove Zed's .+ role\?$/ });
    expect(dialog).toHaveTextContent("Zed stops being a");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove role" }));

    const removing = await screen.findByRole("button", { name: "Remove Zed" });
    expect(removing).toHaveTextContent("Removing…");
    expect(removing).toBeDisabled();
    expect(screen.getByRole("button", { name: "Remove Amy" })).toBeDisabled();
    hold.release();
    await waitFor(() => expect(screen.getByTestId("toast-messages")).toHaveTextContent(/Zed is no longer a /));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove Zed" })).toBeNull());
    expect(callsTo(fetch, "POST", "/api/admin/roles/remove").map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { role: "moderate", playerId: 8 },
    ]);
  });
});
