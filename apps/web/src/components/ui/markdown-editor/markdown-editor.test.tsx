import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ApiError, setCsrfToken } from "@/lib/api-client";
import { callsTo, firstCallTo, mockFetch } from "@/testing/mock-fetch";
import { players } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { ATTACH_HINT, MarkdownEditor, UPLOAD_PLACEHOLDER } from "./markdown-editor";

function Harness(props: { initial?: string; onUpload?: (f: File) => Promise<string>; mentions?: boolean }) {
  const [value, setValue] = useState(props.initial ?? "");
  return <MarkdownEditor label="Description" value={value} onChange={setValue} onUpload={props.onUpload} mentions={props.mentions} />;
}

const textarea = () => screen.getByRole("textbox", { name: "Description" }) as HTMLTextAreaElement;
const png = () => new File(["img"], "shot.png", { type: "image/png" });

/** An upload whose completion the test controls. */
function deferredUpload() {
  let resolve!: (url: string) => void;
  let reject!: (err: unknown) => void;
  const onUpload = vi.fn(() => new Promise<string>((res, rej) => ((resolve = res), (reject = rej))));
  return { onUpload, resolve: (u: string) => resolve(u), reject: (e: unknown) => reject(e) };
}

describe("MarkdownEditor", () => {
  it("opens on the Write tab with the toolbar, the hint and a 200–500 px text area", async () => {
    mockFetch({});
    renderWithProviders(<Harness />);
    expect(await screen.findByRole("tab", { name: "Write" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Preview" })).toHaveAttribute("aria-selected", "false");
    for (const name of ["Header", "Bold", "Italic", "Link", "Image", "Unordered list", "Ordered list"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(screen.getByText("Attach files by dragging & dropping, selecting or pasting them.")).toBeInTheDocument();
    expect(textarea().style.minHeight).toBe("200px");
    expect(textarea().style.maxHeight).toBe("500px");
  });

  it("wraps the selection with the toolbar", async () => {
    mockFetch({});
    const { user } = renderWithProviders(<Harness initial="hello world" />);
    await screen.findByRole("tab", { name: "Write" });
    textarea().setSelectionRange(6, 11);
    await user.click(screen.getByRole("button", { name: "Bold" }));
    expect(textarea()).toHaveValue("hello **world**");
    textarea().setSelectionRange(0, 5);
    await user.click(screen.getByRole("button", { name: "Link" }));
    expect(textarea()).toHaveValue("[hello](url) **world**");
  });

  it("prefixes lines for header and lists", async () => {
    mockFetch({});
    const { user } = renderWithProviders(<Harness initial={"first\nsecond"} />);
    await screen.findByRole("tab", { name: "Write" });
    textarea().setSelectionRange(0, 12);
    await user.click(screen.getByRole("button", { name: "Ordered list" }));
    expect(textarea()).toHaveValue("1. first\n2. second");
  });

  it("previews the server's HTML for the markdown", async () => {
    setCsrfToken("tok");
    const fetch = mockFetch({
      "POST /api/markdown": ({ body }) => ({
        body: { html: `<p><strong>${(body as { markdown: string }).markdown.length}</strong> chars</p>` },
      }),
    });
    const { user } = renderWithProviders(<Harness initial="**hi**" />);
    await user.click(await screen.findByRole("tab", { name: "Preview" }));
    expect(await screen.findByText("6")).toContainHTML("<strong>6</strong>");
    const [, init] = firstCallTo(fetch, "POST", "/api/markdown");
    expect(JSON.parse(init.body as string)).toEqual({ markdown: "**hi**" });
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("tok");
    expect(screen.queryByRole("button", { name: "Bold" })).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Write" }));
    expect(textarea()).toBeVisible();
  });

  it("shows 'Uploading image...' while a selected file uploads, then the image markdown", async () => {
    mockFetch({});
    const up = deferredUpload();
    const { user } = renderWithProviders(<Harness initial="Look: " onUpload={up.onUpload} />);
    await screen.findByRole("tab", { name: "Write" });
    textarea().setSelectionRange(6, 6);
    await user.upload(screen.getByLabelText(ATTACH_HINT), png());
    expect(up.onUpload).toHaveBeenCalledWith(expect.any(File));
    expect(textarea()).toHaveValue(`Look: ${UPLOAD_PLACEHOLDER}`);
    up.resolve("/uploads/1.png");
    await waitFor(() => expect(textarea()).toHaveValue("Look: ![](/uploads/1.png)"));
  });

  it("keeps text typed during an upload", async () => {
    mockFetch({});
    const up = deferredUpload();
    const { user } = renderWithProviders(<Harness onUpload={up.onUpload} />);
    await screen.findByRole("tab", { name: "Write" });
    await user.upload(screen.getByLabelText(ATTACH_HINT), png());
    await user.type(textarea(), " and more");
    up.resolve("/u.png");
    await waitFor(() => expect(textarea()).toHaveValue("![](/u.png) and more"));
  });

  it("uploads pasted images", async () => {
    mockFetch({});
    const onUpload = vi.fn().mockResolvedValue("/uploads/pasted.png");
    renderWithProviders(<Harness onUpload={onUpload} />);
    await screen.findByRole("tab", { name: "Write" });
    fireEvent.paste(textarea(), { clipboardData: { files: [png()], getData: () => "" } });
    await waitFor(() => expect(textarea()).toHaveValue("![](/uploads/pasted.png)"));
  });

  it("uploads dropped images", async () => {
    mockFetch({});
    const onUpload = vi.fn().mockResolvedValue("/uploads/dropped.png");
    renderWithProviders(<Harness onUpload={onUpload} />);
    await screen.findByRole("tab", { name: "Write" });
    fireEvent.drop(textarea(), { dataTransfer: { files: [png()] } });
    await waitFor(() => expect(textarea()).toHaveValue("![](/uploads/dropped.png)"));
  });

  it("removes the placeholder and shows the error when an upload fails", async () => {
    mockFetch({});
    const up = deferredUpload();
    const { user } = renderWithProviders(<Harness onUpload={up.onUpload} />);
    await screen.findByRole("tab", { name: "Write" });
    await user.upload(screen.getByLabelText(ATTACH_HINT), png());
    up.reject(new ApiError(413, "The image is too large."));
    expect(await screen.findByRole("alert")).toHaveTextContent("The image is too large.");
    expect(textarea()).toHaveValue("");
  });

  it("refuses non-image files", async () => {
    mockFetch({});
    const onUpload = vi.fn();
    renderWithProviders(<Harness onUpload={onUpload} />);
    await screen.findByRole("tab", { name: "Write" });
    fireEvent.drop(textarea(), { dataTransfer: { files: [new File(["x"], "a.txt", { type: "text/plain" })] } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only images can be attached.");
    expect(onUpload).not.toHaveBeenCalled();
  });

  it("uploads to /api/uploads by default, as multipart field `file` with the CSRF header", async () => {
    setCsrfToken("tok-up");
    const fetch = mockFetch({ "POST /api/uploads": { id: 1, url: "/uploads/abc.png", width: 10, height: 10, bytes: 3 } });
    const { user } = renderWithProviders(<Harness />);
    await screen.findByRole("tab", { name: "Write" });
    await user.upload(screen.getByLabelText(ATTACH_HINT), png());
    await waitFor(() => expect(textarea()).toHaveValue("![](/uploads/abc.png)"));
    const [, init] = firstCallTo(fetch, "POST", "/api/uploads");
    expect((init.body as FormData).get("file")).toBeInstanceOf(File);
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("tok-up");
  });

  it("suggests players after @ and inserts the picked name", async () => {
    const fetch = mockFetch({ "GET /api/registry/players": { data: players(3), has_next_page: false } });
    const { user } = renderWithProviders(<Harness />);
    await screen.findByRole("tab", { name: "Write" });
    await user.type(textarea(), "gg @pla");
    const option = await screen.findByRole("option", { name: /Player 2/ });
    await waitFor(() =>
      expect(callsTo(fetch, "GET", "/api/registry/players").some(([u]) => u.search === "?search=pla&limit=8")).toBe(true),
    );
    await user.click(option);
    expect(textarea()).toHaveValue("gg @Player 2 ");
    expect(screen.queryByRole("listbox", { name: "Player suggestions" })).toBeNull();
  });

  it("picks a suggestion with the keyboard", async () => {
    mockFetch({ "GET /api/registry/players": { data: players(3), has_next_page: false } });
    const { user } = renderWithProviders(<Harness />);
    await screen.findByRole("tab", { name: "Write" });
    await user.type(textarea(), "@p");
    await screen.findByRole("option", { name: /Player 1/ });
    await user.keyboard("{ArrowDown}{Enter}");
    expect(textarea()).toHaveValue("@Player 2 ");
  });

  it("can turn mentions off", async () => {
    const fetch = mockFetch({});
    const { user } = renderWithProviders(<Harness mentions={false} />);
    await screen.findByRole("tab", { name: "Write" });
    await user.type(textarea(), "@pla");
    await new Promise((r) => setTimeout(r, 250));
    expect(callsTo(fetch, "GET", "/api/registry/players")).toHaveLength(0);
  });
});
