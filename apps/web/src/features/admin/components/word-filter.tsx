import { useId, useState } from "react";
import { LIMITS } from "@site/contract";
import { QueryState } from "@/components/ui/query-state";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useSaveWordFilter, useWordFilter } from "../api/word-filter";
import "@/styles/moderation.css";

function WordFilterForm({ initial }: { initial: string }) {
  const _ = useT();
  const { errorText } = useErrorText();
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
        <label htmlFor={id}>{_("admin.wordFilter.label")}</label>
        <div className="field__hint" id={`${id}-how`}>
          <p>{_("admin.wordFilter.how")}</p>
          <ul>
            <li>{_("admin.wordFilter.howLines")}</li>
            <li>{_("admin.wordFilter.howCase")}</li>
            <li>{_("admin.wordFilter.howWhole")}</li>
            <li>{_("admin.wordFilter.howWhen")}</li>
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
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="form-success" role="status">
          {_("admin.wordFilter.saved")}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {_("admin.wordFilter.save")}
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
