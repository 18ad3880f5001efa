import { Link, useNavigate } from "react-router";
import { GAME_MODES, TEAM_CATEGORY_KEYS, TEAM_STATUSES, type TeamStatus } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchForm } from "@/components/ui/search-form";
import { SelectField } from "@/components/ui/select-field";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useListParams } from "@/hooks/use-list-params";
import { useTeams } from "../api/get-teams";
import { GeneratedArt } from "@/components/ui/generated-art";
import { FilteredEmpty } from "@/components/ui/filtered-empty";
import { useT } from "@/lib/i18n/use-t";
import { recruitmentLabel, teamStatusLabel } from "@/features/teams/api/team-labels";

export const TEAM_PAGE_SIZE = 50;

/** The category filter's options: every category, then each by its abbreviation. */
export const categoryOptions = (_: ReturnType<typeof useT>) => [
  { value: "all", label: _("teams.list.allCategories") },
  ...TEAM_CATEGORY_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev })),
];

/**
 * Teams of a category (000 §2 /registry/teams/category/{cat}): tag in team colour, name, category,
 * members and recruitment status; search, order and paging in the URL. Changing the category
 * changes the path, keeping the other filters.
 */
export function TeamList({ category }: { category: string }) {
  const _ = useT();
  const { params, page, update } = useListParams();
  const categories = categoryOptions(_);
  const navigate = useNavigate();
  const search = params.get("search") ?? "";
  const order = params.get("order") === "name" ? "name" : "newest";
  const recruiting = params.get("recruiting") === "1";
  const session = useSession();
  const isStaff = !!(session.data?.permissions.canModerate || session.data?.permissions.canAdministrate);
  // The status filter (000 §2) is for moderators and administrators; everyone else sees approved teams.
  const statusParam = params.get("status");
  const status =
    isStaff && statusParam && (TEAM_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as TeamStatus) : undefined;
  const teams = useTeams(category, {
    search: search || undefined,
    order,
    page,
    limit: TEAM_PAGE_SIZE,
    ...(recruiting ? { recruiting: "1" } : {}),
    ...(status ? { status } : {}),
  });

  const changeCategory = (cat: string) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    const qs = next.toString();
    void navigate(paths.teams(cat) + (qs ? `?${qs}` : ""));
  };

  return (
    <div className="list-page">
      <div className="filters">
        <SelectField label={_("teams.list.category")} value={category} options={categories} onChange={changeCategory} />
        <SearchForm label={_("teams.list.search")} value={search} onSearch={(v) => update({ search: v })} />
        <SelectField
          label={_("teams.list.order")}
          value={order}
          options={[
            { value: "newest", label: _("teams.list.newest") },
            { value: "name", label: _("teams.list.name") },
          ]}
          onChange={(v) => update({ order: v === "newest" ? null : v })}
        />
        {isStaff && (
          <SelectField
            label={_("teams.list.status")}
            value={status ?? "approved"}
            options={TEAM_STATUSES.map((s) => ({ value: s, label: teamStatusLabel(_, s) }))}
            onChange={(v) => update({ status: v === "approved" ? null : v })}
          />
        )}
        <label className="choice filters__check">
          <input type="checkbox" checked={recruiting} onChange={(e) => update({ recruiting: e.target.checked ? "1" : null })} />{" "}
          {_("teams.list.recruitingOnly")}
        </label>
      </div>
      <QueryState
        query={teams}
        isEmpty={(d) => d.data.length === 0}
        empty={
          <FilteredEmpty
            message={_("teams.list.empty")}
            filters={[
              ...(category !== "all"
                ? [{ label: _("teams.list.category"), value: categories.find((o) => o.value === category)?.label ?? category }]
                : []),
              ...(search ? [{ label: _("teams.list.searchFilter"), value: search }] : []),
              ...(status ? [{ label: _("teams.list.status"), value: teamStatusLabel(_, status) }] : []),
              ...(recruiting ? [{ label: _("teams.list.recruitingFilter"), value: _("teams.list.only") }] : []),
            ]}
            // Back to every category; the order stays (it is not a filter).
            // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL query
            onClear={() => void navigate(paths.teams("all") + (order === "name" ? "?order=name" : ""))}
          />
        }
      >
        {(d) => (
          <>
            <ul className="rows rows--page" aria-busy={teams.isPlaceholderData}>
              {d.data.map((t) => (
                <li key={t.id} className="row team-row">
                  {t.team_logo ? (
                    <img className="team-row__logo" src={t.team_logo} alt="" width={32} height={32} loading="lazy" />
                  ) : (
                    <GeneratedArt className="team-row__logo" name={t.team_name} />
                  )}
                  <span className="team-name">
                    <TeamTag tag={t.team_tag} color={t.team_color} />
                    <Link to={paths.team(t.id)}>{t.team_name}</Link>
                    {t.is_historical && <span className="badge badge--muted">{_("teams.badge.historical")}</span>}
                  </span>
                  <span className="badge badge--mode">{t.category_title}</span>
                  <span className="row__meta">
                    {_("teams.list.meta", { count: t.member_count, recruitment: recruitmentLabel(_, t.recruitment_status) })}
                  </span>
                </li>
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={(p) => update({ page: p })} busy={teams.isPlaceholderData} />
          </>
        )}
      </QueryState>
    </div>
  );
}
