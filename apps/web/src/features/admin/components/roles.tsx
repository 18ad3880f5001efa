import { useId, useState } from "react";
import { ADMIN_PAGE_ROLES, type AdminRole, ROLE_EDIT_FORBIDDEN_MESSAGE } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { errorMessage } from "@/lib/api-client";
import { useEditRole, useRoleHolders, useRolePlayerSearch } from "../api/roles";
import "@/styles/moderation.css";

const ROLE_OPTIONS = Object.entries(ADMIN_PAGE_ROLES) as Array<[AdminRole, string]>;

/**
 * `/admin/roles` (000 §2): a role picker, an add-player search and the holders of the chosen
 * role, each with Remove. The Administrator role is not editable here: 'You do not have
 * permission to edit this role' (the server refuses it too).
 */
export function AdminRoles() {
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
  const roleName = ADMIN_PAGE_ROLES[role];
  const pending = edit.isPending ? edit.variables : undefined;
  const add = (playerId: number, name: string) =>
    edit.mutate(
      { role, playerId, action: "add" },
      {
        onSuccess: () => {
          setSearch("");
          toast(`${name} is now a ${roleName}.`);
        },
      },
    );
  const remove = async (playerId: number, name: string) => {
    const ok = await confirm({
      title: `Remove ${name}'s ${roleName} role?`,
      body: (
        <p>
          {name} stops being a {roleName} and loses that role's permissions at once. Their account and profile stay as they are.
        </p>
      ),
      confirmLabel: "Remove role",
      destructive: true,
    });
    if (ok) edit.mutate({ role, playerId, action: "remove" }, { onSuccess: () => toast(`${name} is no longer a ${roleName}.`) });
  };

  return (
    <div className="admin-roles">
      <div className="field">
        <label htmlFor={roleId}>Role</label>
        <select
          id={roleId}
          className="input"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as AdminRole);
            edit.reset();
          }}
        >
          {ROLE_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {holders.data && !editable && (
        <p className="form-error" role="alert">
          {ROLE_EDIT_FORBIDDEN_MESSAGE}
        </p>
      )}
      {editable && (
        <>
          <div className="admin-roles__add">
            <div className="field">
              <label htmlFor={searchId}>Add Player</label>
              <input
                id={searchId}
                className="input"
                type="search"
                placeholder="Search players..."
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          {debounced.trim() !== "" && results.data && (
            <ul className="admin-roles__results" aria-label="Search results">
              {results.data.data.length === 0 && <li className="empty">No players.</li>}
              {results.data.data.map((p) => (
                <li key={p.player_id}>
                  <PlayerName id={p.player_id} name={p.display_name} countryCode={p.country_code} />
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={edit.isPending}
                    onClick={() => add(p.player_id, p.display_name)}
                  >
                    {pending?.action === "add" && pending.playerId === p.player_id ? "Adding…" : `Add ${p.display_name}`}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {edit.isError && (
        <p className="form-error" role="alert">
          {errorMessage(edit.error)}
        </p>
      )}
      <h2>{ADMIN_PAGE_ROLES[role]}s</h2>
      <QueryState query={holders} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No players.</p>}>
        {(d) => (
          <ul className="mod-list" aria-label={`${ADMIN_PAGE_ROLES[role]} holders`}>
            {d.data.map((h) => (
              <li key={h.player_id} className="mod-item">
                <PlayerName id={h.player_id} name={h.display_name} countryCode={h.country_code} />
                {editable && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    aria-label={`Remove ${h.display_name}`}
                    disabled={edit.isPending}
                    onClick={() => void remove(h.player_id, h.display_name)}
                  >
                    {pending?.action === "remove" && pending.playerId === h.player_id ? "Removing…" : "Remove"}
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
