import type { TournamentListItem } from "@site/contract";
import { GAME_MODE_KEYS, GAME_MODES } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchForm } from "@/components/ui/search-form";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useTournaments } from "../api/get-tournaments";
import { TournamentCard } from "./tournament-card";
import { TabBar } from "@/components/ui/tab-bar";

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
      <QueryState query={query}>
        {(d) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            {tab === "latest" && (
              <>
                <Section title="Upcoming" items={d.upcoming} empty={d.ongoing.length ? undefined : "No upcoming tournaments."} />
                <Section title="Ongoing" items={d.ongoing} />
              </>
            )}
            {tab === "past" && <Section title="Past" items={d.past} empty="No past tournaments." />}
            {tab === "historical" && <Section title="Pre-MKCentral" items={d.historical} empty="No historical tournaments." />}
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
