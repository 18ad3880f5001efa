/**
 * Whether the tournament has started at `now` (epoch ms): no start date ('Ongoing') counts as
 * started; otherwise the start must be at or before `now`. Placements entered ahead of time give
 * the tournament page's status over to 'You placed' / 'This tournament has concluded.' only from
 * then on (#17 §8): before the start the page keeps the registration status.
 */
export function hasStarted(t: { start_date: string | null }, now: number): boolean {
  return t.start_date === null || Date.parse(t.start_date) <= now;
}
