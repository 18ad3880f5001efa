/** Query keys of the calendar feeds (issue #20 §4): the signed-in account's personal feed link. */
export const calendarKeys = {
  all: ["calendar"] as const,
  myFeed: () => [...calendarKeys.all, "my_feed"] as const,
};
