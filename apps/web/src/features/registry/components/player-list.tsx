import { useMemo } from "react";
import { COUNTRY_NONE, COUNTRY_UNKNOWN } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchForm } from "@/components/ui/search-form";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useCountries } from "../api/get-countries";
import { usePlayers } from "../api/get-players";
import { PlayerName } from "@/components/ui/player-name";
import { FilteredEmpty } from "@/components/ui/filtered-empty";
import { pageCount } from "@/lib/list-summary";
import { countriesByName } from "@/lib/country-order";
import { countryName, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/i18n";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

export const PLAYER_PAGE_SIZE = 50;

/**
 * The player list (000 §2 /registry/players): name search, country filter (from
 * GET /api/countries), newest/name order and Previous/Next paging, all kept in the URL. Above the
 * rows: the total and the page count ("2,000 players · Page 2 of 40"). Empty state: 'No players.',
 * naming the active filters with Clear filters (#17 §8).
 */
export function PlayerList() {
  const _ = useT();
  const i18n = useI18n();
  const locale = i18n.locale as Locale;
  const { params, page, update } = useListParams();
  const search = params.get("search") ?? "";
  const country = params.get("country") ?? "";
  const order = params.get("order") === "name" ? "name" : "newest";
  const countries = useCountries();
  const players = usePlayers({ search: search || undefined, country: country || undefined, order, page, limit: PLAYER_PAGE_SIZE });

  /** A country's name in the page's language (ZZ 'Choose a Country' and XX 'Unknown Country' from the catalogue). */
  const nameOf = (code: string, fallback: string) =>
    code === COUNTRY_NONE
      ? _("players.country.none")
      : code === COUNTRY_UNKNOWN
        ? _("players.country.unknown")
        : countryName(code, locale, fallback);
  const countryOptions = useMemo(() => {
    const named = Object.fromEntries(
      Object.entries(countries.data ?? {}).map(([code, name]) => [
        code,
        code === COUNTRY_UNKNOWN ? _("players.country.unknown") : countryName(code, locale, name),
      ]),
    );
    const entries = countriesByName(named, (code) => code === COUNTRY_NONE); // 'Choose a Country' is not a filter
    return [{ value: "", label: _("players.list.allCountries") }, ...entries.map(([value, label]) => ({ value, label }))];
  }, [countries.data, locale, _]);
  /** "2,000 players · Page 2 of 40" (the page part only over several pages), grouped as the language writes numbers. */
  const summary = (total: number) => {
    // English groups by hand: the first Intl number format loads locale data (#17 §6, lib/list-summary.ts).
    const count = locale === "en" ? String(total).replace(/\B(?=(\d{3})+$)/g, ",") : formatNumber(total, locale);
    const pages = pageCount(total, PLAYER_PAGE_SIZE);
    return pages > 1
      ? _("players.list.summaryPaged", { n: total, count, page: Math.min(page, pages), pages })
      : _("players.list.summary", { n: total, count });
  };

  return (
    <div className="list-page">
      <div className="filters">
        <SearchForm label={_("players.list.search")} value={search} onSearch={(v) => update({ search: v })} />
        <SelectField
          label={_("players.form.country")}
          value={country}
          options={countryOptions}
          onChange={(v) => update({ country: v })}
          disabled={!countries.data}
        />
        <SelectField
          label={_("players.list.order")}
          value={order}
          options={[
            { value: "newest", label: _("players.list.order.newest") },
            { value: "name", label: _("players.list.order.name") },
          ]}
          onChange={(v) => update({ order: v === "newest" ? null : v })}
        />
      </div>
      <QueryState
        query={players}
        isEmpty={(d) => d.data.length === 0}
        empty={
          <FilteredEmpty
            message={_("players.list.empty")}
            filters={[
              ...(search ? [{ label: _("ui.search.button"), value: search }] : []),
              ...(country ? [{ label: _("players.form.country"), value: nameOf(country, countries.data?.[country] ?? country) }] : []),
            ]}
            onClear={() => update({ search: null, country: null })}
          />
        }
      >
        {(d) => (
          <>
            <p className="list-summary" role="status">
              {summary(d.total)}
            </p>
            <ul className="rows rows--page" aria-busy={players.isPlaceholderData}>
              {d.data.map((p) => (
                <li key={p.id} className="row">
                  <PlayerName
                    id={p.id}
                    name={p.display_name}
                    countryCode={p.country_code}
                    countryName={nameOf(p.country_code, p.country_name)}
                  />
                  {p.is_shadow && <span className="badge badge--muted">{_("players.list.shadow")}</span>}
                  {p.is_hidden && <span className="badge badge--muted">{_("players.badge.hidden")}</span>}
                  <span className="row__meta">{_("players.profile.joined", { date: formatDay(p.joined_at, locale) })}</span>
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
