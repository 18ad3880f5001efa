/**
 * `setValueAs` for optional URL inputs: an empty box means "no image" (null), which the
 * contract schemas accept, instead of "", which the URL rule would reject.
 */
export function blankToNull(value: string | null | undefined): string | null {
  return value?.trim() ? value : null;
}
