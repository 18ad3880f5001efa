import { useLocation } from "react-router";

/**
 * The current path and query string ('/tournaments/7/register?x=1'): the `?next=` an in-page
 * "Log in" or "Create your profile" link carries so the player comes back here afterwards.
 */
export function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}
