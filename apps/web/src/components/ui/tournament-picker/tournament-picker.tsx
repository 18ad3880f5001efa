import { useId, useState, type KeyboardEvent } from "react";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { DEFAULT_PICKER_URL, usePickerTournaments, type PickerTournament } from "./get-picker-tournaments";

export interface TournamentPickerProps {
  /** The selected tournament, or null for the empty state. */
  value: PickerTournament | null;
  onChange: (value: PickerTournament | null) => void;
  /** URL the search text is appended to; must answer `{tournaments: [{id, title}]}`. */
  dataUrl?: string;
  /** Accessible name of the search box; 'Search Tournaments' by default. */
  label?: string;
  /** When set, a hidden input of this name carries the selected id for plain form posts. */
  name?: string;
  disabled?: boolean;
}

/**
 * Tournament picker (000 §2 Shared widgets, §4 States). Two states:
 * - empty: a search box (placeholder 'Search Tournaments...'); the dropdown opens on focus and
 *   closes on blur or selection; case-insensitive title search, at most 100 results;
 * - holding a selection: the tournament's title as a link opening in a new window, and an ×
 *   button ('Clear selection') that returns to the empty state.
 */
export function TournamentPicker({ value, onChange, dataUrl = DEFAULT_PICKER_URL, label, name, disabled }: TournamentPickerProps) {
  const _ = useT();
  const { errorText } = useErrorText();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(search, 200);
  const results = usePickerTournaments(dataUrl, debounced, open && !value);
  const list = results.data ?? [];
  const baseId = useId();
  const listId = `${baseId}-list`;

  const select = (t: PickerTournament) => {
    onChange(t);
    setOpen(false);
    setSearch("");
  };

  if (value) {
    return (
      <div className="tournament-picker tournament-picker--selected">
        {name && <input type="hidden" name={name} value={value.id} />}
        <a className="tournament-picker__selection" href={paths.tournament(value.id)} target="_blank" rel="noopener noreferrer">
          {value.title}
        </a>
        <button
          type="button"
          className="icon-button"
          aria-label={_("ui.picker.clearSelection")}
          onClick={() => onChange(null)}
          disabled={disabled}
        >
          ×
        </button>
      </div>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(list.length - 1, i + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === "Enter" && open) {
      const t = list[active];
      if (t) {
        e.preventDefault();
        select(t);
      }
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  };

  return (
    <div className="tournament-picker">
      {name && <input type="hidden" name={name} value="" />}
      <input
        type="search"
        className="input"
        placeholder={_("ui.tournamentPicker.placeholder")}
        aria-label={label ?? _("ui.tournamentPicker.label")}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && list[active] ? `${baseId}-opt-${active}` : undefined}
        value={search}
        disabled={disabled}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setSearch(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul className="tournament-picker__list" id={listId} role="listbox" aria-label={_("ui.tournamentPicker.listLabel")}>
          {results.isError && !results.data ? (
            <li className="tournament-picker__note" role="presentation">
              {errorText(results.error)}
            </li>
          ) : results.data === undefined ? (
            <li className="tournament-picker__note" role="presentation">
              {_("common.loading")}
            </li>
          ) : list.length === 0 ? (
            <li className="tournament-picker__note" role="presentation">
              {_("ui.tournamentPicker.none")}
            </li>
          ) : (
            list.map((t, i) => (
              <li
                key={t.id}
                id={`${baseId}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? "is-active" : undefined}
                // mousedown fires before the input's blur; preventing it keeps the list open long enough for the click.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => select(t)}
              >
                {t.title}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
