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

const MODE_OPTIONS = [{ value: "", label: "All Game Modes" }, ...GAME_MODE_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev }))];
const FORMAT_OPTIONS = [
  { value: "all", label: "All" },
  { value: "1", label: "Solo" },
  { value: "2", label: "Squad" },
  { value: "0", label: "Team" },
];
const FORMAT_VALUES = ["all", "0", "1", "2"] as const;
/** The tabs of 001 §2 Tournament listing; the URL keeps the tab (`?tab=past`). */
export const LISTING_TABS = [
  { value: "latest", label: "Latest" },
  { value: "past", label: "Past" },
  { value: "historical", label: "Pre-MKCentral" },
] as const;
type Tab = (typeof LISTING_TABS)[number]["value"];

/** Each tab's empty text; a filtered-out tab adds its filters and Clear filters (#17 §8). */
const EMPTY_TEXT: Record<Tab, string> = {
  latest: "No upcoming tournaments.",
  past: "No past tournaments.",
  historical: "No historical tournaments.",
};

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
  const { params, page, update } = useListParams();
  const rawTab = params.get("tab") ?? "latest";
  const tab: Tab = LISTING_TABS.some((t) => t.value === rawTab) ? (rawTab as Tab) : "latest";
  const gameMode = params.get("game_mode") ?? "";
  const rawFormat = params.get("registration_format") ?? "all";
  const format = (FORMAT_VALUES as readonly string[]).includes(rawFormat) ? (rawFormat as (typeof FORMAT_VALUES)[number]) : "all";
  const search = params.get("search") ?? "";
  const query = useTournaments({ tab, game_mode: gameMode || undefined, registration_format: format, search: search || undefined, page });
  // The filters in force, named for the empty state (#17 §8); the tab is not a filter.
  const filters = [
    ...(gameMode ? [{ label: "Game Mode", value: MODE_OPTIONS.find((o) => o.value === gameMode)?.label ?? gameMode }] : []),
    ...(format !== "all" ? [{ label: "Format", value: FORMAT_OPTIONS.find((o) => o.value === format)!.label }] : []),
    ...(search ? [{ label: "Search", value: search }] : []),
  ];
  const clearFilters = () => update({ game_mode: null, registration_format: null, search: null });

  return (
    <div className="list-page">
      <TabBar label="Tournament lists" tabs={LISTING_TABS} value={tab} onChange={(v) => update({ tab: v === "latest" ? null : v })} />
      <div className="filters">
        <SelectField label="Game Mode" value={gameMode} options={MODE_OPTIONS} onChange={(v) => update({ game_mode: v })} />
        <SelectField
          label="Format"
          value={format}
          options={FORMAT_OPTIONS}
          onChange={(v) => update({ registration_format: v === "all" ? null : v })}
        />
        <SearchForm label="Search tournaments" value={search} onSearch={(v) => update({ search: v })} />
      </div>
      {/* The calendar feed with the chosen game mode and format (issue #20 §4; the title search is not a feed filter). */}
      <CalendarSubscribe
        path={calendarFeedUrl({ mode: gameMode || undefined, format })}
        label="Subscribe in your calendar"
        description={
          filters.some((f) => f.label !== "Search")
            ? "Published tournaments of the game mode and format chosen above, kept up to date in your calendar app."
            : "Every published tournament, kept up to date in your calendar app. Choose a game mode or format above to narrow it."
        }
      />
      <QueryState query={query}>
        {(d) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            {filters.length > 0 && tabIsEmpty(tab, d) ? (
              <FilteredEmpty message={EMPTY_TEXT[tab]} filters={filters} onClear={clearFilters} />
            ) : (
              <>
                {tab === "latest" && (
                  <>
                    {/* Ongoing first: what is under way now matters most on tournament day (#17 §8). */}
                    <Section title="Ongoing" items={d.ongoing} />
                    <Section title="Upcoming" items={d.upcoming} empty={d.ongoing.length ? undefined : EMPTY_TEXT.latest} />
                  </>
                )}
                {tab === "past" && <Section title="Past" items={d.past} empty={EMPTY_TEXT.past} />}
                {tab === "historical" && <Section title="Pre-MKCentral" items={d.historical} empty={EMPTY_TEXT.historical} />}
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
