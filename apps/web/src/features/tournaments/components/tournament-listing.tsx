import type { TournamentListItem } from "@site/contract";
import { calendarFeedUrl, GAME_MODE_KEYS, GAME_MODES } from "@site/contract";
import { CalendarSubscribe } from "@/components/ui/calendar-subscribe";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchForm } from "@/components/ui/search-form";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useTournaments } from "../api/get-tournaments";
import { TournamentCard } from "./tournament-card";
import { TabBar } from "@/components/ui/tab-bar";
import { FilteredEmpty } from "@/components/ui/filtered-empty";
import { useT } from "@/lib/i18n/use-t";

const FORMAT_VALUES = ["all", "0", "1", "2"] as const;
/** The tabs of 001 §2 Tournament listing; the URL keeps the tab (`?tab=past`). */
export const LISTING_TABS = ["latest", "past", "historical"] as const;
type Tab = (typeof LISTING_TABS)[number];

/** The listing's words in the page's language: options, tabs, each tab's empty text. */
function useListingText() {
  const _ = useT();
  return {
    modeOptions: [
      { value: "", label: _("tournaments.list.allModes") },
      ...GAME_MODE_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev })),
    ],
    formatOptions: [
      { value: "all", label: _("tournaments.list.allFormats") },
      { value: "1", label: _("format.solo") },
      { value: "2", label: _("format.squad") },
      { value: "0", label: _("format.team") },
    ],
    tabs: [
      { value: "latest" as const, label: _("tournaments.list.tab.latest") },
      { value: "past" as const, label: _("tournaments.list.tab.past") },
      { value: "historical" as const, label: _("tournaments.list.tab.historical") },
    ],
    /** Each tab's empty text; a filtered-out tab adds its filters and Clear filters (#17 §8). */
    empty: {
      latest: _("tournaments.list.empty.latest"),
      past: _("tournaments.list.empty.past"),
      historical: _("tournaments.list.empty.historical"),
    } satisfies Record<Tab, string>,
  };
}

/** Whether the chosen tab has nothing to show (Latest: neither ongoing nor upcoming). */
function tabIsEmpty(tab: Tab, d: { upcoming: unknown[]; ongoing: unknown[]; past: unknown[]; historical: unknown[] }): boolean {
  if (tab === "latest") return d.upcoming.length === 0 && d.ongoing.length === 0;
  return (tab === "past" ? d.past : d.historical).length === 0;
}

function Section({ title, items, empty }: { title: string; items: TournamentListItem[]; empty?: string }) {
  if (items.length === 0 && !empty) return null;
  return (
    <section className="tournament-section" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <div className="tournament-grid">
          {items.map((t) => (
            <TournamentCard key={t.id} tournament={t} />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The tournament listing (001 §2): tabs Latest (upcoming and ongoing), Past (paged) and
 * Pre-MKCentral (historical, paged); filters for game mode, registration format and title
 * search, applied by the server, which only computes the lists of the chosen tab.
 */
export function TournamentListing() {
  const _ = useT();
  const text = useListingText();
  const { params, page, update } = useListParams();
  const rawTab = params.get("tab") ?? "latest";
  const tab: Tab = (LISTING_TABS as readonly string[]).includes(rawTab) ? (rawTab as Tab) : "latest";
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL parameter
  const gameMode = params.get("game_mode") ?? "";
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL parameter
  const rawFormat = params.get("registration_format") ?? "all";
  const format = (FORMAT_VALUES as readonly string[]).includes(rawFormat) ? (rawFormat as (typeof FORMAT_VALUES)[number]) : "all";
  const search = params.get("search") ?? "";
  const query = useTournaments({ tab, game_mode: gameMode || undefined, registration_format: format, search: search || undefined, page });
  // The filters in force, named for the empty state (#17 §8); the tab is not a filter.
  const filters = [
    ...(gameMode
      ? [{ label: _("tournaments.list.gameMode"), value: text.modeOptions.find((o) => o.value === gameMode)?.label ?? gameMode }]
      : []),
    ...(format !== "all"
      ? [{ label: _("tournaments.list.format"), value: text.formatOptions.find((o) => o.value === format)!.label }]
      : []),
    ...(search ? [{ label: _("tournaments.list.search"), value: search }] : []),
  ];
  const clearFilters = () => update({ game_mode: null, registration_format: null, search: null });

  return (
    <div className="list-page">
      <TabBar
        label={_("tournaments.list.tabsLabel")}
        tabs={text.tabs}
        value={tab}
        onChange={(v) => update({ tab: v === "latest" ? null : v })}
      />
      <div className="filters">
        <SelectField
          label={_("tournaments.list.gameMode")}
          value={gameMode}
          options={text.modeOptions}
          onChange={(v) => update({ game_mode: v })}
        />
        <SelectField
          label={_("tournaments.list.format")}
          value={format}
          options={text.formatOptions}
          onChange={(v) => update({ registration_format: v === "all" ? null : v })}
        />
        <SearchForm label={_("tournaments.list.searchLabel")} value={search} onSearch={(v) => update({ search: v })} />
      </div>
      {/* The calendar feed with the chosen game mode and format (issue #20 §4; the title search is not a feed filter). */}
      <CalendarSubscribe
        path={calendarFeedUrl({ mode: gameMode || undefined, format })}
        label={_("tournaments.list.subscribe")}
        description={gameMode || format !== "all" ? _("tournaments.list.subscribe.filtered") : _("tournaments.list.subscribe.all")}
      />
      <QueryState query={query}>
        {(d) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            {filters.length > 0 && tabIsEmpty(tab, d) ? (
              <FilteredEmpty message={text.empty[tab]} filters={filters} onClear={clearFilters} />
            ) : (
              <>
                {tab === "latest" && (
                  <>
                    {/* Ongoing first: what is under way now matters most on tournament day (#17 §8). */}
                    <Section title={_("tournaments.list.ongoing")} items={d.ongoing} />
                    <Section
                      title={_("tournaments.list.upcoming")}
                      items={d.upcoming}
                      empty={d.ongoing.length ? undefined : text.empty.latest}
                    />
                  </>
                )}
                {tab === "past" && <Section title={_("tournaments.list.tab.past")} items={d.past} empty={text.empty.past} />}
                {tab === "historical" && (
                  <Section title={_("tournaments.list.tab.historical")} items={d.historical} empty={text.empty.historical} />
                )}
              </>
            )}
            {tab !== "latest" && (
              <Pager
                page={page}
                hasNextPage={tab === "past" ? d.past_has_next_page : d.historical_has_next_page}
                onPageChange={(p) => update({ page: p })}
                busy={query.isPlaceholderData}
              />
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
