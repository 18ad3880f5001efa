/**
 * Runs one action of a page for the widgets under it and reports back on the page (a message
 * after it, a confirmation prompt when the server asks for one): the widgets only say which
 * action, `busy` disables their buttons while one is in flight. `A` is the page's action type
 * (the team page: its roster actions); `joinLabel` words the prompt's confirm button.
 */
export interface ActionRunner<A> {
  run: (action: A, joinLabel?: string) => Promise<void>;
  busy: boolean;
}
