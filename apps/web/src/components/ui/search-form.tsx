import { useId, type FormEvent } from "react";
import { useT } from "@/lib/i18n/use-t";

export interface SearchFormProps {
  label: string;
  /** Current search (from the URL); the input is re-seeded when it changes. */
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}

/**
 * A labelled search box that applies on Enter or the Search button. It is uncontrolled and keyed
 * on `value`, so back/forward navigation refreshes it without effects.
 */
export function SearchForm({ label, value, onSearch, placeholder }: SearchFormProps) {
  const _ = useT();
  const id = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem("search") as HTMLInputElement | null;
    onSearch(input?.value.trim() ?? "");
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        key={value}
        id={id}
        name="search"
        type="search"
        className="input"
        defaultValue={value}
        placeholder={placeholder ?? label}
        maxLength={50}
      />
      <button type="submit" className="btn btn--secondary">
        {_("ui.search.button")}
      </button>
    </form>
  );
}
