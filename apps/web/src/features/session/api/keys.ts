/**
 * The single cache key of the session; login, logout and theme answers overwrite it. Its first
 * segment is the one the "reload everything but the session" predicates skip.
 */
export const sessionKeys = {
  all: ["session"] as const,
};
