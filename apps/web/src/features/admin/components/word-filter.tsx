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
        <div className="field__hint" id={`${id}-how`}>
          <p>How matching works:</p>
          <ul>
            <li>Each line is one word or phrase; spaces at either end and blank lines are ignored.</li>
            <li>Upper and lower case do not matter: "kart" also refuses "KART" and "Kart".</li>
            <li>
              Only whole words match: a word ends at a space, punctuation or the end of the text ("ass!" is refused), while letters, digits
              and "_" count as part of the word, so a filtered word inside a longer one passes ("ass" does not refuse "class" or "ass1").
            </li>
            <li>
              Checked when saved: player names and profile messages, team names, tags and descriptions, squad names and tags, in-game names,
              and news titles and texts. The field is refused with "The … contains a word that is not allowed."; texts saved before a word
              was added are not changed.
            </li>
          </ul>
        </div>
        <textarea
          id={id}
          aria-describedby={`${id}-how`}
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
