import { type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n/use-t";

/**
 * The wrapper for wide tables: scrolls sideways on narrow screens with an always-visible
 * scrollbar, edge shadows on the sides that hide columns, and a 'Scroll sideways' hint while
 * anything is off-screen (so columns such as Actions are never silently hidden). Put the class
 * `table-scroll__sticky-end` on the last column's cells to keep them pinned to the right edge.
 */
export function TableScroll({ children, label }: { children: ReactNode; label?: string }) {
  const _ = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      const start = el.scrollLeft > 1;
      const end = max > 1 && el.scrollLeft < max - 1;
      setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    // The table's width changes when its rows load or the window resizes.
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    ro?.observe(el);
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", update);
      ro?.disconnect();
    };
  }, []);
  const overflowing = edges.start || edges.end;
  return (
    <div className="table-scroll-frame" data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
      {overflowing && (
        <p className="table-scroll__hint" aria-hidden="true">
          {_("ui.tableScroll.hint")}
        </p>
      )}
      {/* Focusable so keyboard users can scroll it too. */}
      <div ref={ref} className="table-scroll" tabIndex={overflowing ? 0 : undefined} role={label ? "region" : undefined} aria-label={label}>
        {children}
      </div>
    </div>
  );
}
