/** Query keys of series templates; a template save or delete invalidates `templateKeys.all` and the template choices. */
export const templateKeys = {
  all: ["templates"] as const,
  list: (seriesId: number) => [...templateKeys.all, "list", seriesId] as const,
  detail: (id: number, copy: boolean) => [...templateKeys.all, "detail", id, copy] as const,
};
