import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Notification, ProfileChange } from "@site/contract";
import { callsTo, errorReply, mockFetch, type MockRequest } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

const mod = userSession({ display_name: "Mod" }, { canModerate: true });
const admin = userSession({ display_name: "Boss" }, { canAdministrate: true, canModerate: true });

function note(id: number, o: Partial<Notification> = {}): Notification {
  return {
    id,
    level: "info",
    message: `Note <a href="/registry/players/1">${id}</a>`,
    read: false,
    time_human: "Nov 22, 2026, 10:00 UTC",
    time: "2026-11-22T10:00:00.000Z",
    ...o,
  };
}

describe("/notifications", () => {
  it("shows the Unread tab without paging, pages All, and marks one read", async () => {
    const pages: Record<string, { data: Notification[]; has_next_page: boolean }> = {
      "unread:1": { data: [note(1), note(2, { level: "critical" })], has_next_page: false },
      "all:1": { data: [note(1), note(3, { read: true })], has_next_page: true },
      "all:2": { data: [note(4, { read: true })], has_next_page: false },
    };
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/notifications": ({ url }: MockRequest) => ({
        body: pages[`${url.searchParams.get("filter")}:${url.searchParams.get("page")}`] ?? { data: [], has_next_page: false },
      }),
      "POST /api/notifications/1/read": { status: "ok", unread: 1 },
    });
    renderApp("/notifications");
    expect(await screen.findByRole("link", { name: "2" })).toHaveAttribute("href", "/registry/players/1");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    // Relative times with the exact time on hover and focus (issue 17 §2).
    const when = screen.getAllByText(/ ago$/)[0]!;
    expect(when).toHaveAttribute("datetime", "2026-11-22T10:00:00.000Z");
    expect(when).toHaveAccessibleDescription(/\(Sun Nov 22 2026, 10:00 UTC\)$/);
    await userEvent.click(screen.getAllByRole("button", { name: "Mark as read" })[0]!);
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/notifications/1/read")).toHaveLength(1));

    await userEvent.click(screen.getByRole("tab", { name: "All" }));
    expect(await screen.findByRole("link", { name: "3" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "4" })).toBeInTheDocument();
    expect(screen.getByText("Page 2")).toBeInTheDocument();
  });

  it("offers Mark all as read only while something is unread", async () => {
    mockFetch({
      "GET /api/session": userSession({ unread_notifications: 2 }),
      "GET /api/notifications": { data: [note(1), note(2)], has_next_page: false },
    });
    const { unmount } = renderApp("/notifications");
    expect(await screen.findByRole("button", { name: "Mark all as read" })).toBeInTheDocument();
    unmount();
    mockFetch({
      "GET /api/session": userSession({ unread_notifications: 0 }),
      "GET /api/notifications": { data: [], has_next_page: false },
    });
    renderApp("/notifications");
    expect(await screen.findByText("No notifications.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("asks anonymous visitors to log in", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/notifications");
    expect(await screen.findByRole("link", { name: "log in" })).toBeInTheDocument();
  });
});

describe("/registry/profile_changes", () => {
  const change = (id: number, o: Partial<ProfileChange> = {}): ProfileChange => ({
    change_id: id,
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
    ...o,
  });

  it("approves a change and reloads to the empty state", async () => {
    let list = [
      change(1),
      change(2, {
        table_name: "teams",
        field_name: "team_tag",
        from_value: "OLD",
        to_value: "NEW",
        team_id: 9,
        team_tag: "OLD",
        team_name: "Olds",
        team_color: 5,
        player_id: null,
        country_code: null,
        country_name: null,
      }),
    ];
    mockFetch({
      "GET /api/session": mod,
      "GET /api/registry/profile_changes": () => ({ body: { data: list } }),
      "POST /api/registry/profile_changes/approve": ({ body }: MockRequest) => {
        list = list.filter((c) => c.change_id !== (body as { change_id: number }).change_id);
        return { body: { status: "ok" } };
      },
      "POST /api/registry/profile_changes/decline": ({ body }: MockRequest) => {
        list = list.filter((c) => c.change_id !== (body as { change_id: number }).change_id);
        return { body: { status: "ok" } };
      },
    });
    renderApp("/registry/profile_changes");
    const first = (await screen.findByText("New Name")).closest("li")!;
    expect(within(first).getByRole("img", { name: "France" })).toBeInTheDocument();
    await userEvent.click(within(first).getByRole("button", { name: "Approve Old Name → New Name" }));
    await waitFor(() => expect(screen.queryByText("New Name")).toBeNull());
    const team = screen.getByText("NEW").closest("li")!;
    expect(within(team).getByText("OLD", { selector: ".team-tag" })).toHaveAttribute("data-color", "5");
    await userEvent.click(within(team).getByRole("button", { name: "Decline OLD → NEW" }));
    // Declining asks first, in the shared confirmation dialog.
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Decline change" }));
    expect(await screen.findByText("No pending profile changes.")).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      "GET /api/session": mod,
      "GET /api/registry/profile_changes": { data: [change(1)] },
      "POST /api/registry/profile_changes/approve": errorReply(400, "This change has already been decided."),
    });
    renderApp("/registry/profile_changes");
    await userEvent.click(await screen.findByRole("button", { name: "Approve Old Name → New Name" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This change has already been decided.");
  });

  it("is closed to users without canModerate", async () => {
    mockFetch({ "GET /api/session": userSession() });
    renderApp("/registry/profile_changes");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});

describe("/admin/roles and /admin/word_filter", () => {
  it("says the Administrator role cannot be edited and adds an Event Moderator", async () => {
    let holders: Array<{ player_id: number; display_name: string; country_code: string }> = [];
    const fetch = mockFetch({
      "GET /api/session": admin,
      "GET /api/admin/roles/moderate": { role: "moderate", editable: true, data: [] },
      "GET /api/admin/roles/administrate": {
        role: "administrate",
        editable: false,
        data: [{ player_id: 1, display_name: "Boss", country_code: "DE" }],
      },
      "GET /api/admin/roles/event_mod": () => ({ body: { role: "event_mod", editable: true, data: holders } }),
      "GET /api/admin/roles/players": { data: [{ player_id: 8, display_name: "Zed", country_code: "JP" }] },
      "POST /api/admin/roles": () => {
        holders = [{ player_id: 8, display_name: "Zed", country_code: "JP" }];
        return { body: { status: "ok" } };
      },
    });
    renderApp("/admin/roles");
    const picker = await screen.findByLabelText("Role");
    await userEvent.selectOptions(picker, "administrate");
    expect(await screen.findByText("You do not have permission to edit this role")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    await userEvent.selectOptions(picker, "event_mod");
    await userEvent.type(await screen.findByLabelText("Add Player"), "ze");
    await userEvent.click(await screen.findByRole("button", { name: "Add Zed" }));
    expect(await screen.findByRole("button", { name: "Remove Zed" })).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/admin/roles")[0]![1].body).toBe(JSON.stringify({ role: "event_mod", id: 8 }));
  });

  it("loads and saves the word filter", async () => {
    const fetch = mockFetch({
      "GET /api/session": admin,
      "GET /api/admin/word_filter": { words: "one\ntwo" },
      "POST /api/admin/word_filter": { status: "ok" },
    });
    renderApp("/admin/word_filter");
    const box = await screen.findByLabelText("Blacklisted words, one per line");
    expect(box).toHaveValue("one\ntwo");
    // The page says how matching works, as the server does it (#17 §8), tied to the box.
    expect(box).toHaveAccessibleDescription(/Upper and lower case do not matter.*"ass" does not refuse "class" or "ass1"/);
    await userEvent.type(box, "\nthree");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The word filter was saved.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/admin/word_filter")[0]![1].body).toBe(JSON.stringify({ words: "one\ntwo\nthree" }));
  });
});

describe("/registry/team_approvals and /admin/bans", () => {
  it("approves an unapproved team and declines a claim", async () => {
    const team = {
      id: 3,
      team_name: "Fresh",
      team_tag: "FR",
      team_color: 4,
      team_logo: null,
      category: "mk8dx_150",
      category_title: "MK8DX 150cc",
      recruitment_status: "recruiting",
      main_language: "en",
      is_historical: false,
      member_count: 1,
      created_human: "Nov 1, 2026",
      created_at: "2026-11-01T12:00:00.000Z",
    };
    let teams = [team];
    let claims = [
      {
        id: 8,
        team: { team_id: 5, team_name: "Oldies", team_tag: "OLD", team_color: 2, category: "mk8dx_150", category_title: "MK8DX 150cc" },
        user_id: 9,
        player_id: 9,
        display_name: "Claimer",
        created_human: "Nov 2, 2026",
        created_at: "2026-11-02T12:00:00.000Z",
      },
    ];
    const fetch = mockFetch({
      "GET /api/session": mod,
      "GET /api/registry/teams/category/all": () => ({ body: { data: teams, has_next_page: false } }),
      "GET /api/registry/teams/claims": () => ({ body: { data: claims } }),
      "POST /api/registry/teams/3/approve": () => {
        teams = [];
        return { body: { status: "ok", message: "The team was approved." } };
      },
      "POST /api/registry/teams/claims/8/decline": () => {
        claims = [];
        return { body: { status: "ok", message: "The claim was declined." } };
      },
    });
    renderApp("/registry/team_approvals");
    await userEvent.click(await screen.findByRole("button", { name: "Approve Fresh" }));
    expect(await screen.findByText("No teams awaiting approval.")).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/registry/teams/category/all")[0]![0].searchParams.get("status")).toBe("unapproved");
    await userEvent.click(screen.getByRole("button", { name: "Decline Claimer's claim to Oldies" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Decline claim" }));
    expect(await screen.findByText("No pending team claims.")).toBeInTheDocument();
  });

  it("bans a chosen player and unbans", async () => {
    let bans: unknown[] = [];
    const fetch = mockFetch({
      "GET /api/session": mod,
      "GET /api/admin/bans": () => ({ body: { data: bans } }),
      "GET /api/admin/inactive_accounts": { data: [] },
      "GET /api/registry/players/all": { data: [{ id: 4, name: "Rude", country_code: "US", is_shadow: false }] },
      "POST /api/admin/bans": () => {
        bans = [
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
        ];
        return { body: { status: "ok", message: "Rude was banned." } };
      },
      "POST /api/admin/bans/remove": () => {
        bans = [];
        return { body: { status: "ok" } };
      },
    });
    renderApp("/admin/bans");
    expect(await screen.findByText("No players are banned.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Player"), "ru");
    await userEvent.click(await screen.findByRole("button", { name: "Choose Rude" }));
    await userEvent.type(screen.getByLabelText("Reason"), "Toxic");
    await userEvent.click(screen.getByRole("button", { name: "Ban Player" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: "Ban Rude?" })).getByRole("button", { name: "Ban Rude" }));
    expect(await screen.findByText("Rude was banned.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/admin/bans")[0]![1].body).toBe(JSON.stringify({ player_id: 4, reason: "Toxic", ends_on: "" }));
    await userEvent.click(await screen.findByRole("button", { name: "Unban Rude" }));
    expect(await screen.findByText("No players are banned.")).toBeInTheDocument();
  });
});

describe("/news", () => {
  const item = (id: number, published = true) => ({
    id,
    url: `/news/${id}`,
    image: null,
    date_human: "Nov 22, 2026",
    date: "2026-11-22T12:00:00.000Z",
    author: "Boss",
    title: `Post ${id}`,
    preview: "Hello",
    published,
  });

  it("lists posts with paging; staff get Edit links and drafts are marked", async () => {
    mockFetch({
      "GET /api/session": mod,
      "GET /api/media/news": ({ url }: MockRequest) => ({
        body:
          url.searchParams.get("page") === "2"
            ? { data: [item(1)], has_next_page: false }
            : { data: [item(3, false), item(2)], has_next_page: true },
      }),
    });
    renderApp("/news");
    expect(await screen.findByRole("link", { name: "Post 3" })).toBeInTheDocument();
    expect(screen.getByText("(not published)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit Post 3" })).toHaveAttribute("href", "/news/3/edit");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "Post 1" })).toBeInTheDocument();
  });

  it("edits and unpublishes a post", async () => {
    const fetch = mockFetch({
      "GET /api/session": mod,
      "GET /api/media/news/3/source": { id: 3, title: "Old", content: "Body", image: null, published: true },
      "POST /api/media/news/3/edit": { status: "ok", message: "Saved", id: 3 },
      "GET /api/media/news": { data: [], has_next_page: false },
    });
    renderApp("/news/3/edit");
    const title = await screen.findByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "New");
    await userEvent.click(screen.getByRole("checkbox", { name: "Published" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("No news yet.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/media/news/3/edit")[0]![1].body).toBe(
      JSON.stringify({ title: "New", image: "", content: "Body", published: false }),
    );
  });
});

describe("/admin/audit", () => {
  it("shows who did what with before and after", async () => {
    mockFetch({
      "GET /api/session": admin,
      "GET /api/admin/audit": {
        data: [
          {
            id: 1,
            actor: "Boss",
            action: "role.grant",
            target_type: "players",
            target_id: 4,
            before: null,
            after: '{"role":"event_mod"}',
            time_human: "Nov 22, 2026, 10:00 UTC",
            time: "2026-11-22T10:00:00.000Z",
          },
        ],
        has_next_page: false,
      },
    });
    renderApp("/admin/audit");
    // Readable: the action in words, the target linked to its page, the JSON as field lines.
    const row = (await screen.findByText("Gave a role")).closest("tr")!;
    expect(within(row).getByText("role")).toBeInTheDocument();
    expect(within(row).getByText("event_mod")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Player #4" })).toHaveAttribute("href", "/registry/players/4");
    expect(within(row).getAllByText("—")).toHaveLength(1);
  });

  it("is closed to moderators", async () => {
    mockFetch({ "GET /api/session": mod });
    renderApp("/admin/audit");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});
