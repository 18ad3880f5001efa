import { act, render, screen } from "@testing-library/react";
import { setupI18n, type MessageId } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { I18nProvider, Trans, useT } from "./use-t";

/** A test instance with hand-written messages (ids outside the catalogues, cast for the test). */
function instance(locale: string, messages: Record<string, string>) {
  const compiled = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessageOrThrow(v)]));
  return setupI18n({ locale, messages: { [locale]: compiled } });
}
const id = (s: string) => s as MessageId;

describe("I18nProvider, useT and Trans (#21, on @lingui/core alone)", () => {
  it("re-renders its callers when a language is activated or a catalogue part is loaded", () => {
    const i18n = instance("en", { hello: "Hello {name}" });
    function Greeting() {
      const _ = useT();
      return (
        <p>
          {_(id("hello"), { name: "Ana" })} / {_(id("later"))}
        </p>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText("Hello Ana / later")).toBeInTheDocument();
    act(() => i18n.load("en", { later: compileMessageOrThrow("Loaded") }));
    expect(screen.getByText("Hello Ana / Loaded")).toBeInTheDocument();
    act(() => i18n.loadAndActivate({ locale: "fr", messages: { hello: compileMessageOrThrow("Bonjour {name}") } }));
    expect(screen.getByText("Bonjour Ana / later")).toBeInTheDocument();
  });

  it("puts elements in place of numbered tags, nested, with the translated text inside", () => {
    const i18n = instance("fr", {
      rich: "Pas de compte ? <0>Créer un compte</0> ou <1>lire les <2>règles</2></1>.",
      self: "Avant<0/>après",
      value: "Salut {who}, {n, plural, one {# course} other {# courses}}",
    });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Trans id={id("rich")} components={{ 0: <a href="/signup" />, 1: <em />, 2: <strong /> }} />|
        <Trans id={id("self")} components={{ 0: <br /> }} />|
        <Trans id={id("value")} values={{ who: <b>Ana</b>, n: 2 }} />
      </I18nProvider>,
    );
    expect(container.innerHTML).toBe(
      'Pas de compte ? <a href="/signup">Créer un compte</a> ou <em>lire les <strong>règles</strong></em>.|' +
        "Avant<br>après|Salut <b>Ana</b>, 2 courses",
    );
  });

  it("escapes the message's text (no HTML from a catalogue) and keeps a tag without an element as text only", () => {
    const i18n = instance("en", { x: "<b>bold</b> <0>kept</0> <5>lost</5>" });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Trans id={id("x")} components={{ 0: <i /> }} />
      </I18nProvider>,
    );
    expect(container.innerHTML).toBe("&lt;b&gt;bold&lt;/b&gt; <i>kept</i> lost");
  });
});
