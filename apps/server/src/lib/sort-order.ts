/**
 * Splits a list's sort code (001 §7 `order`, e.g. 'NA', 'CHD') into its field code and its
 * direction: 'NA' → ['N', 'A'], 'CHD' → ['CH', 'D'].
 */
export const splitOrder = (order: string): [string, "A" | "D"] => [order.slice(0, -1), order.slice(-1) as "A" | "D"];
