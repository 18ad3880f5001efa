import { useId, useState } from "react";
import { ADMIN_PAGE_ROLES, type AdminRole } from "@site/contract";
import type { MessageId } from "@lingui/core";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useEditRole, useRoleHolders, useRolePlayerSearch } from "../api/roles";
import "@/styles/moderation.css";

const ROLE_OPTIONS = Object.keys(ADMIN_PAGE_ROLES) as AdminRole[];

/** Each role's name (the contract's ADMIN_PAGE_ROLES, in the page's language). */
const ROLE_NAMES = {
  administrate: "admin.role.administrate",
  moderate: "admin.role.moderate",
  event_admin: "admin.role.eventAdmin",
  event_mod: "admin.role.eventMod",
  supporter: "admin.role.supporter",
} as const satisfies Record<AdminRole, MessageId>;

/**
 * `/admin/roles` (000 §2): a role picker, an add-player search and the holders of the chosen
 * role, each with Remove. The Administrator role is not editable here: 'You do not have
 * permission to edit this role' (the server refuses it too).
 */
export function AdminRoles() {
  const _ = useT();
  const { errorText } = useErrorText();
  const [role, setRole] = useState<AdminRole>("moderate");
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 250);
  const holders = useRoleHolders(role);
  const results = useRolePlayerSearch(debounced);
  const edit = useEditRole();
  const roleId = useId();
  const searchId = useId();
  const editable = holders.data?.editable ?? false;
  const confirm = useConfirm();
  const toast = useToast();
  const roleName = _(ROLE_NAMES[role]);
  const pending = edit.isPending ? edit.variables : undefined;
  const add = (playerId: number, name: string) =>
    edit.mutate(
      { role, playerId, action: "add" },
      {
        onSuccess: () => {
          setSearch("");
          toast(_("admin.roles.added", { name, role: roleName }));
        },
      },
    );
  const remove = async (playerId: number, name: string) => {
    const ok = await confirm({
      title: _("admin.roles.removeTitle", { name, role: roleName }),
      body: <p>{_("admin.roles.removeBody", { name, role: roleName })}</p>,
      confirmLabel: _("admin.roles.removeConfirm"),
      destructive: true,
    });
    if (ok)
      edit.mutate({ role, playerId, action: "remove" }, { onSuccess: () => toast(_("admin.roles.removed", { name, role: roleName })) });
  };

  return (
    <div className="admin-roles">
      <div className="field">
        <label htmlFor={roleId}>{_("admin.roles.role")}</label>
        <select
          id={roleId}
          className="input"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as AdminRole);
            edit.reset();
          }}
        >
          {ROLE_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {_(ROLE_NAMES[value])}
            </option>
          ))}
        </select>
      </div>
      {holders.data && !editable && (
        <p className="form-error" role="alert">
          {_("error.admin.role_forbidden")}
        </p>
      )}
      {editable && (
        <>
          <div className="admin-roles__add">
            <div className="field">
              <label htmlFor={searchId}>{_("admin.roles.addPlayer")}</label>
              <input
                id={searchId}
                className="input"
                type="search"
                placeholder={_("moderation.searchPlayers")}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          {debounced.trim() !== "" && results.data && (
            <ul className="admin-roles__results" aria-label={_("moderation.searchResults")}>
              {results.data.data.length === 0 && <li className="empty">{_("home.players.empty")}</li>}
              {results.data.data.map((p) => (
                <li key={p.player_id}>
                  <PlayerName id={p.player_id} name={p.display_name} countryCode={p.country_code} />
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={edit.isPending}
                    onClick={() => add(p.player_id, p.display_name)}
                  >
                    {pending?.action === "add" && pending.playerId === p.player_id
                      ? _("admin.roles.adding")
                      : _("admin.roles.add", { name: p.display_name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {edit.isError && (
        <p className="form-error" role="alert">
          {errorText(edit.error)}
        </p>
      )}
      <h2>{_("admin.roles.holders", { role })}</h2>
      <QueryState query={holders} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("home.players.empty")}</p>}>
        {(d) => (
          <ul className="mod-list" aria-label={_("admin.roles.holdersLabel", { role: roleName })}>
            {d.data.map((h) => (
              <li key={h.player_id} className="mod-item">
                <PlayerName id={h.player_id} name={h.display_name} countryCode={h.country_code} />
                {editable && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    aria-label={_("admin.roles.removeLabel", { name: h.display_name })}
                    disabled={edit.isPending}
                    onClick={() => void remove(h.player_id, h.display_name)}
                  >
                    {pending?.action === "remove" && pending.playerId === h.player_id ? _("admin.roles.removing") : _("admin.roles.remove")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
