const METALS = { 1: "gold", 2: "silver", 3: "bronze" } as const;

export interface MedalProps {
  /** 1 gold, 2 silver, 3 bronze. */
  place: 1 | 2 | 3;
  /** Accessible name, e.g. '1st place' or 'Gold'. */
  label: string;
  /** Print the place number on the disc (placements); headers show a plain disc. */
  showNumber?: boolean;
}

/**
 * A styled medal disc for places 1–3 (000 §2 results, 001 §2 placements, medal tables).
 * Drawn in CSS rather than with 🥇 emoji so it looks the same on systems without an emoji font.
 */
export function Medal({ place, label, showNumber }: MedalProps) {
  return (
    <span className={`medal medal--${METALS[place]}`} role="img" aria-label={label} title={label}>
      {showNumber ? place : null}
    </span>
  );
}
