import type { TournamentListItem } from "@site/contract";
import { GAME_MODE_KEYS, GAME_MODES } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchForm } from "@/components/ui/search-form";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useTournaments } from "../api/get-tournaments";
import { TournamentCard } from "./tournament-card";

const MODE_OPTIONS = [{ value: "", label: "All Game Modes" }, ...GAME_MODE_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev }))];
const FORMAT_OPTIONS = [
  { value: "all", label: "All" },
  { value: "1", label: "Solo" },
  { value: "2", label: "Squad" },
  { value: "0", label: "Team" },
];
const FORMAT_VALUES = ["all", "0", "1", "2"] as const;

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
 * The tournament listing (001 §2): filters for game mode, registration format and title search,
 * then Upcoming, Ongoing and Past sections (Past paged) and Pre-MKCentral history when present.
 * Other issues extend this with tabs and the admin New Tournament action.
 */
export function TournamentListing() {
  const { params, page, update } = useListParams();
  const gameMode = params.get("game_mode") ?? "";
  const rawFormat = params.get("registration_format") ?? "all";
  const format = (FORMAT_VALUES as readonly string[]).includes(rawFormat) ? (rawFormat as (typeof FORMAT_VALUES)[number]) : "all";
  const search = params.get("search") ?? "";
  const query = useTournaments({ game_mode: gameMode || undefined, registration_format: format, search: search || undefined, page });

  return (
    <div className="list-page">
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
          <>
            <Section title="Upcoming" items={d.upcoming} empty="No upcoming tournaments." />
            <Section title="Ongoing" items={d.ongoing} />
            <Section title="Past" items={d.past} empty="No past tournaments." />
            <Section title="Pre-MKCentral" items={d.historical} />
            <Pager
              page={page}
              hasNextPage={d.past_has_next_page || d.historical_has_next_page}
              onPageChange={(p) => update({ page: p })}
              busy={query.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
