import { useId, useState, type KeyboardEvent } from "react";
import { keepPreviousData, type QueryKey, useQuery, type UseQueryOptions } from "@tanstack/react-query";
import type { EndpointResponse, PlayerPickerItem, playerEndpoints } from "@site/contract";
import { Flag } from "@/components/ui/flag";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useT } from "@/lib/i18n/use-t";

type PlayerPicker = EndpointResponse<typeof playerEndpoints.all>;

/** Where the picker's rows come from: a queryOptions factory over the search text (the players feature's `playerPickerQueryOptions`). */
export type PlayerPickerSource<K extends QueryKey = QueryKey> = (search: string) => UseQueryOptions<PlayerPicker, Error, PlayerPicker, K>;

/**
 * A player picker over the registry (GET /api/registry/players/all, through `source`): a search
 * box whose list opens while typing; choosing a player shows their name with a × to clear.
 * Players without an account (shadow players) are listed but marked, since they cannot hold roles.
 */
export function PlayerSelect<K extends QueryKey>({
  value,
  onChange,
  source,
  label,
}: {
  value: PlayerPickerItem | null;
  onChange: (p: PlayerPickerItem | null) => void;
  source: PlayerPickerSource<K>;
  /** Accessible name of the search box; 'Search Players' by default. */
  label?: string;
}) {
  const _ = useT();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(search.trim(), 200);
  // The previous rows stay while the next search loads.
  const results = useQuery({ ...source(debounced), enabled: open && debounced.length > 0 && !value, placeholderData: keepPreviousData });
  const list = results.data?.data ?? [];
  const baseId = useId();

  if (value) {
    return (
      <div className="tournament-picker tournament-picker--selected player-select">
        <Flag code={value.country_code} />
        <span className="tournament-picker__selection">{value.name}</span>
        <button type="button" className="icon-button" aria-label={_("ui.picker.clearSelection")} onClick={() => onChange(null)}>
          ×
        </button>
      </div>
    );
  }
  const choose = (p: PlayerPickerItem) => {
    onChange(p);
    setOpen(false);
    setSearch("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => Math.min(list.length - 1, i + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === "Enter" && open && list[active]) {
      e.preventDefault();
      choose(list[active]);
    } else if (e.key === "Escape") setOpen(false);
  };
  const showList = open && debounced.length > 0;
  return (
    <div className="tournament-picker player-select">
      <input
        type="search"
        className="input"
        placeholder={_("ui.playerSelect.placeholder")}
        aria-label={label ?? _("ui.playerSelect.label")}
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${baseId}-list`}
        aria-autocomplete="list"
        value={search}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setSearch(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul className="tournament-picker__list" id={`${baseId}-list`} role="listbox" aria-label={_("ui.playerSelect.listLabel")}>
          {results.data === undefined ? (
            <li className="tournament-picker__note" role="presentation">
              {_("common.loading")}
            </li>
          ) : list.length === 0 ? (
            <li className="tournament-picker__note" role="presentation">
              {_("ui.playerSelect.none")}
            </li>
          ) : (
            list.map((p, i) => (
              <li
                key={p.id}
                role="option"
                aria-selected={i === active}
                className={i === active ? "is-active" : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(p)}
              >
                <Flag code={p.country_code} /> {p.name}
                {p.is_shadow && <span className="muted"> {_("ui.playerSelect.shadow")}</span>}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
