/** Query keys of the shared widgets' own reads (markdown preview, '@' mentions, tournament picker). */
export const widgetKeys = {
  markdownPreview: (markdown: string) => ["markdown-preview", markdown] as const,
  mentionPlayers: (search: string) => ["mention-players", search] as const,
  /** `search` as sent (trimmed). */
  tournamentPicker: (dataUrl: string, search: string) => ["tournament-picker", dataUrl, search] as const,
};
