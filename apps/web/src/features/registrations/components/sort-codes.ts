/**
 * The registration lists' sort codes (001 §9), as the server reads them in `order`: a column's
 * letter, then A or D for the direction (`RA`, registration date ascending, is the default).
 */
export const SORT = {
  SQUAD: "N",
  SQUAD_OF_PLAYER: "T",
  PLAYERS: "C",
  PLAYER: "P",
  IN_GAME_NAME: "M",
  ELIGIBLE: "E",
  FIELD: "F",
  HOST: "H",
  CHECKED_IN: "CH",
  REGISTERED: "R",
  DEFAULT: "RA",
  NEWEST: "RD",
} as const;
