import { useEffect, useState } from "react";

/**
 * The current time (epoch ms), refreshed after `delay` ms, or after `delay(now)` ms when it is a
 * function (a countdown ticks each second in its last hour, each minute before). Relative times
 * and countdowns re-render with it; nothing else changes.
 */
export function useNow(delay: number | ((now: number) => number) = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  const wait = typeof delay === "number" ? delay : delay(now);
  useEffect(() => {
    // At least 250 ms: a wait computed as 0 would spin.
    const t = setTimeout(() => setNow(Date.now()), Math.max(250, wait));
    return () => clearTimeout(t);
  }, [now, wait]);
  return now;
}
