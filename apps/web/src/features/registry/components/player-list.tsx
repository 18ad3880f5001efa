import { useMemo } from "react";
import { COUNTRY_NONE } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchForm } from "@/components/ui/search-form";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useCountries } from "../api/get-countries";
import { usePlayers } from "../api/get-players";
import { PlayerName } from "@/components/ui/player-name";
import { FilteredEmpty } from "@/components/ui/filtered-empty";
import { listSummary } from "@/lib/list-summary";
import { countriesByName } from "@/lib/country-order";

export const PLAYER_PAGE_SIZE = 50;

/**
 * The player list (000 §2 /registry/players): name search, country filter (from
 * GET /api/countries), newest/name order and Previous/Next paging, all kept in the URL. Above the
 * rows: the total and the page count ("2,000 players · Page 2 of 40"). Empty state: 'No players.',
 * naming the active filters with Clear filters (#17 §8).
 */
export function PlayerList() {
  const { params, page, update } = useListParams();
  const search = params.get("search") ?? "";
  const country = params.get("country") ?? "";
  const order = params.get("order") === "name" ? "name" : "newest";
  const countries = useCountries();
  const players = usePlayers({ search: search || undefined, country: country || undefined, order, page, limit: PLAYER_PAGE_SIZE });

  const countryOptions = useMemo(() => {
    const entries = countriesByName(countries.data, (code) => code === COUNTRY_NONE); // 'Choose a Country' is not a filter
    return [{ value: "", label: "All Countries" }, ...entries.map(([value, label]) => ({ value, label }))];
  }, [countries.data]);

  return (
    <div className="list-page">
      <div className="filters">
        <SearchForm label="Search players" value={search} onSearch={(v) => update({ search: v })} />
        <SelectField
          label="Country"
          value={country}
          options={countryOptions}
          onChange={(v) => update({ country: v })}
          disabled={!countries.data}
        />
        <SelectField
          label="Order"
          value={order}
          options={[
            { value: "newest", label: "Newest" },
            { value: "name", label: "Name" },
          ]}
          onChange={(v) => update({ order: v === "newest" ? null : v })}
        />
      </div>
      <QueryState
        query={players}
        isEmpty={(d) => d.data.length === 0}
        empty={
          <FilteredEmpty
            message="No players."
            filters={[
              ...(search ? [{ label: "Search", value: search }] : []),
              ...(country ? [{ label: "Country", value: countries.data?.[country] ?? country }] : []),
            ]}
            onClear={() => update({ search: null, country: null })}
          />
        }
      >
        {(d) => (
          <>
            <p className="list-summary" role="status">
              {listSummary(d.total, page, PLAYER_PAGE_SIZE, { one: "player", other: "players" })}
            </p>
            <ul className="rows rows--page" aria-busy={players.isPlaceholderData}>
              {d.data.map((p) => (
                <li key={p.id} className="row">
                  <PlayerName id={p.id} name={p.display_name} countryCode={p.country_code} countryName={p.country_name} />
                  {p.is_shadow && <span className="badge badge--muted">Shadow</span>}
                  {p.is_hidden && <span className="badge badge--muted">Hidden</span>}
                  <span className="row__meta">Joined {p.joined_human}</span>
                </li>
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={(p) => update({ page: p })} busy={players.isPlaceholderData} />
          </>
        )}
      </QueryState>
    </div>
  );
}
