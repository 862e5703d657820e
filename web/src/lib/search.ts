/** Whether a search box's text is found in any of the texts (case-insensitive; a blank search finds all). */
export function matchesSearch(search: string, ...texts: readonly (string | null | undefined)[]): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return needle === '' || texts.some((text) => text?.toLocaleLowerCase().includes(needle));
}
