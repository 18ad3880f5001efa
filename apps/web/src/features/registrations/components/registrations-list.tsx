import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import {
  COUNTRY_NONE,
  COUNTS,
  isSquadEvent,
  LIMITS,
  type MoveStatus,
  PLAYER_LIST_PAGE_SIZE,
  type PlayerPickerItem,
  REGISTRATION_MESSAGES as M,
  registrationEndpoints as e,
  squadCount,
  type TournamentDetail,
} from "@site/contract";
import { ColorField } from "@/components/ui/color-select";
import { Flag } from "@/components/ui/flag";
import { MoveMenu } from "@/components/ui/move-menu";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { useCountries } from "@/features/registry/api/get-countries";
import { PlayerSelect } from "@/components/ui/player-select";
import { playerPickerQueryOptions } from "@/features/players/api/get-player-picker";
import { useSession } from "@/features/session/api/get-session";
import { createShadowPlayer, registrationQueries, useRegistrationAction } from "../api/registrations";
import { SortHeader } from "@/components/ui/sort-header";
import { TableScroll } from "@/components/ui/table-scroll";
import { MiiNameHint } from "./mii-name-hint";
import { VerifyButton } from "./verify-button";

type Status = MoveStatus;

function SquadTable({ t, status, checkedIn }: { t: TournamentDetail; status: Status; checkedIn?: boolean }) {
  const [order, setOrder] = useState("RA");
  const q = useQuery(registrationQueries.squads(t.id, status, order, checkedIn));
  const action = useRegistrationAction();
  // IDs and the Move/Verify/Edit actions are for registration moderators (000 §6 canEventModerate).
  const moderator = t.can_moderate;
  const h = { order, setOrder };
  return (
    <QueryState query={q} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{M.noSquads}</p>}>
      {(d) => (
        <>
          <p className="reg-count">{squadCount(d.data.length)}</p>
          {action.isError && <p className="form-error">{action.error.message}</p>}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {moderator && <th>ID</th>}
                  <SortHeader code="N" label="Squad" {...h} />
                  <SortHeader code="C" label="Players" {...h} />
                  <SortHeader code="E" label="Eligible" {...h} />
                  {t.player_host_required && <SortHeader code="H" label="Can Host" {...h} />}
                  {t.checkin_required && <SortHeader code="CH" label="Checked In" {...h} />}
                  <SortHeader code="R" label="Registered On" {...h} />
                  {moderator && <th className="table-scroll__sticky-end">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {d.data.map((s) => (
                  <tr key={s.squad_id}>
                    {moderator && <td>{s.squad_id}</td>}
                    <td>
                      {t.team_tag_required && <span className="tag-badge">{s.squad_tag}</span>} {s.squad_name}
                      {/* 001 §4: a registered squad below verification_required is shown as unverified. */}
                      {status === "registered" && s.verified < t.verification_required && <span className="badge">Unverified</span>}
                    </td>
                    <td>
                      {s.player_count} <Link to={`/tournaments/${t.id}/squads/${s.squad_id}`}>(View)</Link>
                    </td>
                    <td>{s.eligible ? "Yes" : "No"}</td>
                    {t.player_host_required && <td>{s.can_host ? "Yes" : "No"}</td>}
                    {t.checkin_required && <td>{s.checked_in ? "Yes" : "No"}</td>}
                    <td>{s.registered_at_human}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        <MoveMenu
                          label="Move squad to:"
                          targets={["withdrawn", "rejected"]}
                          onMove={(st) => action.call(e.moveSquad, { params: { id: t.id }, body: { status: st, squad_id: s.squad_id } })}
                        />
                        {status === "registered" && s.verified < t.verification_required && (
                          <VerifyButton
                            onVerify={() =>
                              action.call(e.moveSquad, { params: { id: t.id }, body: { status: "registered", squad_id: s.squad_id } })
                            }
                          />
                        )}
                        {status === "registered" && (t.team_tag_required || t.team_name_required) && (
                          <>
                            {" "}
                            <Link to={`/tournaments/${t.id}/registrations/squads/${s.squad_id}/edit`}>Edit</Link>
                          </>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </QueryState>
  );
}

/** The player table, one page of PLAYER_LIST_PAGE_SIZE at a time (sorted server-side across every page). */
function PlayerTable({ t, status, checkedIn }: { t: TournamentDetail; status: Status; checkedIn?: boolean }) {
  const [order, setOrderState] = useState("RA");
  const [page, setPage] = useState(1);
  const q = useQuery(registrationQueries.players(t.id, status, order, checkedIn, page));
  const me = useSession().data?.user?.player_id ?? null;
  const action = useRegistrationAction();
  // IDs and the Move/Verify/Edit actions are for registration moderators (000 §6 canEventModerate);
  // the check-in controls stay with tournament administrators.
  const moderator = t.can_moderate;
  const admin = t.can_administrate;
  const squad = isSquadEvent(t.event_format);
  // A new sort starts again at the first page.
  const setOrder = (o: string) => (setOrderState(o), setPage(1));
  // Paging from the pager under the table brings the new page's first rows into view.
  const top = useRef<HTMLDivElement>(null);
  const goToPage = (n: number) => {
    setPage(n);
    top.current?.scrollIntoView?.({ block: "nearest" });
  };
  const h = { order, setOrder };
  // A move can empty the last page: go back to the list's new last page (adjusted while rendering).
  if (q.data && !q.isPlaceholderData && page > q.data.page_count) setPage(q.data.page_count);
  return (
    <QueryState query={q} isEmpty={(d) => d.count === 0} empty={<p className="empty">{M.noPlayers}</p>}>
      {(d) => (
        <>
          <div ref={top} className="table-anchor" />
          {d.page_count > 1 && (
            <p className="reg-count">
              Players {(d.page - 1) * PLAYER_LIST_PAGE_SIZE + 1}–{(d.page - 1) * PLAYER_LIST_PAGE_SIZE + d.data.length} of {d.count}
            </p>
          )}
          {action.isError && <p className="form-error">{action.error.message}</p>}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {moderator && <th>ID</th>}
                  {squad && <SortHeader code="T" label="Squad" {...h} />}
                  <th>Flag</th>
                  <SortHeader code="P" label="Player" {...h} />
                  {t.player_mii_name_required && <SortHeader code="M" label="In-Game Name" {...h} />}
                  {squad && <SortHeader code="E" label="Eligible" {...h} />}
                  {d.custom_field_name && <SortHeader code="F" label={d.custom_field_name} {...h} />}
                  {t.player_host_required && <SortHeader code="H" label="Can Host" {...h} />}
                  {t.checkin_required && <SortHeader code="CH" label="Checked In" {...h} />}
                  <SortHeader code="R" label="Registered On" {...h} />
                  {moderator && <th className="table-scroll__sticky-end">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {d.data.map((p) => (
                  <tr
                    key={p.player_id}
                    className={p.player_id === me ? "is-current" : undefined}
                    aria-current={p.player_id === me ? "true" : undefined}
                  >
                    {moderator && <td>{p.player_id}</td>}
                    {squad && (
                      <td>
                        {p.squad_tag && <span className="tag-badge">{p.squad_tag}</span>} {p.squad_name}
                      </td>
                    )}
                    <td>
                      <Flag code={p.country_code} name={p.country_name} />
                    </td>
                    <td>
                      <Link to={`/registry/players/${p.player_id}`}>{p.display_name}</Link>
                    </td>
                    {t.player_mii_name_required && <td>{p.mii_name}</td>}
                    {squad && <td>{p.eligible ? "Yes" : "No"}</td>}
                    {d.custom_field_name && <td>{p.custom_field}</td>}
                    {t.player_host_required && <td>{p.can_host ? "Yes" : "No"}</td>}
                    {t.checkin_required && <td>{p.checked_in ? "Yes" : "No"}</td>}
                    <td>{p.registered_at_human}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        <MoveMenu
                          label="Move player to:"
                          targets={["withdrawn", "rejected"]}
                          onMove={(st) =>
                            action.call(squad ? e.moveSquadPlayer : e.movePlayer, {
                              params: { id: t.id },
                              body: { status: st, player_id: p.player_id },
                            })
                          }
                        />
                        {!squad && status === "registered" && p.verified < t.verification_required && (
                          <VerifyButton
                            onVerify={() =>
                              action.call(e.movePlayer, { params: { id: t.id }, body: { status: "registered", player_id: p.player_id } })
                            }
                          />
                        )}
                        {admin && t.checkin_required && status === "registered" && (
                          <>
                            {" "}
                            <button
                              type="button"
                              className="link-button"
                              onClick={() =>
                                action.call(p.checked_in ? e.adminCheckout : e.adminCheckin, {
                                  params: { id: t.id, playerId: p.player_id },
                                })
                              }
                            >
                              {p.checked_in ? "Check Out" : "Check In"}
                            </button>
                          </>
                        )}
                        {status === "registered" && (t.player_mii_name_required || t.player_host_required || !squad) && (
                          <>
                            {" "}
                            <Link
                              to={
                                squad
                                  ? `/tournaments/${t.id}/registrations/squads/players/${p.player_id}/edit`
                                  : `/tournaments/${t.id}/registrations/players/${p.player_id}/edit`
                              }
                            >
                              Edit
                            </Link>
                          </>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={d.page} hasNextPage={d.page < d.page_count} onPageChange={goToPage} busy={q.isPlaceholderData} />
        </>
      )}
    </QueryState>
  );
}

/**
 * The manual registration panel's preview of the latest registrations (001 §9: 10 items): the
 * registered list sorted by registration date descending (RD), cut to COUNTS.registrationPreview.
 * It shares the lists' query keys, so a registration made here reloads it with the tables.
 */
function LatestRegistrations({ t }: { t: TournamentDetail }) {
  const squad = isSquadEvent(t.event_format);
  const squads = useQuery({ ...registrationQueries.squads(t.id, "registered", "RD"), enabled: squad });
  const players = useQuery({ ...registrationQueries.players(t.id, "registered", "RD"), enabled: !squad });
  const rows = squad
    ? (squads.data?.data ?? []).slice(0, COUNTS.registrationPreview).map((r) => ({
        key: r.squad_id,
        name: `${r.squad_tag ? `[${r.squad_tag}] ` : ""}${r.squad_name}`,
        detail: `${r.player_count} player(s)`,
        at: r.registered_at_human,
      }))
    : (players.data?.data ?? []).slice(0, COUNTS.registrationPreview).map((r) => ({
        key: r.player_id,
        name: r.display_name,
        detail: r.country_name,
        at: r.registered_at_human,
      }));
  return (
    <div className="manual-register__latest" aria-label="Latest registrations">
      <h3>Latest Registrations</h3>
      {rows.length === 0 ? (
        <p className="empty">{squad ? M.noSquads : M.noPlayers}</p>
      ) : (
        <ol className="latest-registrations">
          {rows.map((r) => (
            <li key={r.key}>
              <strong>{r.name}</strong> <span className="muted">{r.detail}</span> <span className="muted">{r.at}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Manual registration (001 §4, §7): existing player, new shadow player, or (squads) a new shadow squad. */
export function ManualRegister({ t }: { t: TournamentDetail }) {
  const squad = isSquadEvent(t.event_format);
  // Creating the shadow player (POST /api/registry/players/new with shadow) needs
  // `registry.players.create_shadow` (administrators and event administrators, i.e. the session's
  // canEventAdministrate); series administrators and organizers would get a 403, so the mode is
  // offered only to those who may create one (001 §6: the shadow-player option is for administrators).
  const canCreateShadow = useSession().data?.permissions.canEventAdministrate ?? false;
  const [mode, setMode] = useState<"existing" | "shadow_player" | "shadow_squad">("existing");
  const [picked, setPicked] = useState<PlayerPickerItem | null>(null);
  const countries = useCountries();
  const countryOptions = useMemo(
    () =>
      Object.entries(countries.data ?? {})
        .filter(([code]) => code !== COUNTRY_NONE)
        .sort((a, b) => a[1].localeCompare(b[1])),
    [countries.data],
  );
  const [v, setV] = useState({
    display_name: "",
    country: COUNTRY_NONE as string,
    squad_name: "",
    squad_tag: "",
    squad_color: 1,
    can_host: false,
    mii_name: "",
  });
  const [message, setMessage] = useState<string | null>(null);
  const action = useRegistrationAction();
  const reset = () => {
    setPicked(null);
    setV({ display_name: "", country: COUNTRY_NONE, squad_name: "", squad_tag: "", squad_color: 1, can_host: false, mii_name: "" });
  };
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setMessage(null);
    let playerId = mode === "shadow_squad" ? -1 : (picked?.id ?? 0);
    if (mode === "shadow_player") {
      let j: { status: string; player_id: number | null; message: string };
      try {
        j = await createShadowPlayer({ display_name: v.display_name, country: v.country });
      } catch (err) {
        return setMessage((err as Error).message);
      }
      if (j.status !== "success" || !j.player_id) return setMessage(j.message ?? "An unknown error has occurred.");
      playerId = j.player_id;
    }
    const body = squad
      ? {
          player_id: playerId,
          squad_name: v.squad_name,
          squad_tag: v.squad_tag,
          squad_color: v.squad_color,
          can_host: v.can_host,
          mii_name: v.mii_name,
        }
      : { player_id: playerId, can_host: v.can_host, mii_name: v.mii_name };
    action.call(
      squad ? e.adminRegisterSquad : e.adminRegisterPlayer,
      { params: { id: t.id }, body },
      {
        onSuccess: () => {
          reset();
          setMessage(null);
        },
        onError: (err) => {
          // A shadow player was created but the registration failed: switch to existing-player mode with it preselected.
          if (mode === "shadow_player") {
            setMode("existing");
            setPicked({ id: playerId, name: v.display_name, country_code: v.country, is_shadow: true });
          }
          setMessage(err.message);
        },
      },
    );
  };
  return (
    <section className="panel manual-register" aria-label={squad ? "Manually Register Squad" : "Manually Register Player"}>
      <header className="panel__header">
        <h2 className="panel__title">{squad ? "Manually Register Squad" : "Manually Register Player"}</h2>
      </header>
      <form className="panel__body registration-form" onSubmit={submit}>
        <fieldset>
          <label>
            <input type="radio" name="register_mode" checked={mode === "existing"} onChange={() => setMode("existing")} /> Register with
            Existing Player
          </label>
          {canCreateShadow && (
            <label>
              <input type="radio" name="register_mode" checked={mode === "shadow_player"} onChange={() => setMode("shadow_player")} />{" "}
              Register with New Shadow Player
            </label>
          )}
          {squad && (
            <label>
              <input type="radio" name="register_mode" checked={mode === "shadow_squad"} onChange={() => setMode("shadow_squad")} />{" "}
              Register New Shadow Squad
            </label>
          )}
        </fieldset>
        {mode === "existing" && (
          <div className="manual-register__picker">
            <span>Player</span>
            <PlayerSelect value={picked} onChange={setPicked} source={playerPickerQueryOptions} label="Search Players" />
          </div>
        )}
        {mode === "shadow_player" && (
          <>
            <label>
              Registry Name
              <input
                value={v.display_name}
                maxLength={LIMITS.shadowPlayerName}
                required
                onChange={(x) => setV({ ...v, display_name: x.target.value })}
              />
            </label>
            <label>
              Country
              <select value={v.country} required onChange={(x) => setV({ ...v, country: x.target.value })}>
                <option value={COUNTRY_NONE}>Choose a Country</option>
                {countryOptions.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {squad && (
          <>
            <label>
              Squad Name
              <input value={v.squad_name} maxLength={LIMITS.squadName} onChange={(x) => setV({ ...v, squad_name: x.target.value })} />
            </label>
            <label>
              Squad Tag
              <input value={v.squad_tag} maxLength={LIMITS.squadTag} onChange={(x) => setV({ ...v, squad_tag: x.target.value })} />
            </label>
            <ColorField label="Squad Color" value={v.squad_color} tag={v.squad_tag} onChange={(c) => setV({ ...v, squad_color: c })} />
          </>
        )}
        {mode !== "shadow_squad" && t.player_host_required && (
          <label className="check-label">
            <input type="checkbox" checked={v.can_host} onChange={(x) => setV({ ...v, can_host: x.target.checked })} /> Can Host
          </label>
        )}
        {mode !== "shadow_squad" && t.player_mii_name_required && (
          <>
            <label>
              In-Game Name
              <input
                value={v.mii_name}
                maxLength={t.player_mii_name_max_length}
                onChange={(x) => setV({ ...v, mii_name: x.target.value })}
              />
            </label>
            <MiiNameHint max={t.player_mii_name_max_length} />
          </>
        )}
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        {(mode !== "existing" || picked) && (
          <button type="submit" className="btn btn--primary" disabled={action.isPending}>
            {squad ? "Register Squad" : "Register Player"}
          </button>
        )}
      </form>
      <div className="panel__body">
        <LatestRegistrations t={t} />
      </div>
    </section>
  );
}

/** `/tournaments/{id}/registrations` (001 §2 Squad registrations, solo list). */
export function RegistrationsPage({ t }: { t: TournamentDetail }) {
  const squad = isSquadEvent(t.event_format);
  const [view, setView] = useState<"squad" | "player">(squad ? "squad" : "player");
  const [status, setStatus] = useState<Status>("registered");
  const [checkin, setCheckin] = useState<"all" | "in" | "out">("all");
  const checkedIn = checkin === "all" ? undefined : checkin === "in";
  const showCheckinFilter = t.checkin_required && status === "registered";
  return (
    <div className="registrations-page">
      <p>
        <Link to={`/tournaments/${t.id}`}>← Back to {t.title}</Link>
        {t.can_administrate && t.maximum_team_size <= 4 && (
          <>
            {" · "}
            <a href={`/tournaments/${t.id}/mogi_sheet.tsv`} download>
              Download FFA Sheet
            </a>
          </>
        )}
      </p>
      <div className="registrations-filters">
        {squad && (
          <span role="group" aria-label="View">
            <button
              type="button"
              className={view === "squad" ? "btn btn--primary btn--sm" : "btn btn--secondary btn--sm"}
              aria-pressed={view === "squad"}
              onClick={() => setView("squad")}
            >
              View By Squad
            </button>
            <button
              type="button"
              className={view === "player" ? "btn btn--primary btn--sm" : "btn btn--secondary btn--sm"}
              aria-pressed={view === "player"}
              onClick={() => setView("player")}
            >
              View By Player
            </button>
          </span>
        )}
        {t.can_moderate && (
          <label>
            Status{" "}
            <select className="input" value={status} onChange={(x) => setStatus(x.target.value as Status)}>
              <option value="registered">Registered</option>
              <option value="withdrawn">Withdrawn</option>
              <option value="rejected">Rejected</option>
            </select>
          </label>
        )}
        {showCheckinFilter && (
          <label>
            Check-ins{" "}
            <select className="input" value={checkin} onChange={(x) => setCheckin(x.target.value as "all" | "in" | "out")}>
              <option value="all">All Registrations</option>
              <option value="in">Checked In</option>
              <option value="out">Not Checked In</option>
            </select>
          </label>
        )}
      </div>
      {view === "squad" ? (
        <SquadTable t={t} status={status} checkedIn={showCheckinFilter ? checkedIn : undefined} />
      ) : (
        <PlayerTable t={t} status={status} checkedIn={showCheckinFilter ? checkedIn : undefined} />
      )}
      {t.can_administrate && <ManualRegister t={t} />}
    </div>
  );
}
