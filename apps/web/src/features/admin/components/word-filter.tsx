import { useId, useState } from "react";
import { LIMITS } from "@site/contract";
import { QueryState } from "@/components/ui/query-state";
import { errorMessage } from "@/lib/api-client";
import { useSaveWordFilter, useWordFilter } from "../api/word-filter";
import "@/styles/moderation.css";

function WordFilterForm({ initial }: { initial: string }) {
  const [words, setWords] = useState(initial);
  const save = useSaveWordFilter();
  const id = useId();
  return (
    <form
      className="word-filter"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(words);
      }}
    >
      <div className="field">
        <label htmlFor={id}>Blacklisted words, one per line</label>
        <textarea
          id={id}
          className="input"
          value={words}
          maxLength={LIMITS.wordFilter}
          onChange={(e) => {
            setWords(e.target.value);
            save.reset();
          }}
        />
      </div>
      {save.isError && (
        <p className="form-error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="form-success" role="status">
          The word filter was saved.
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}

/**
 * `/admin/word_filter` (000 §2): one textarea of blacklisted words, one per line (at most
 * 100,000 characters), saved with POST. Names and texts are checked by whole word on the server.
 */
export function WordFilter() {
  const filter = useWordFilter();
  return <QueryState query={filter}>{(d) => <WordFilterForm initial={d.words} />}</QueryState>;
}
