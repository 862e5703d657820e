/**
 * Ticking a checklist item of a rendered note (issue 32): the note's markdown with the `[ ]` or `[x]` of the
 * task list item that starts at `offset` (its list marker, as the markdown parser places it) set to
 * `checked`. Undefined when no box is there (the text changed under the rendering).
 */
export function withTaskItemChecked(markdown: string, offset: number, checked: boolean): string | undefined {
  const lineEnd = markdown.indexOf('\n', offset);
  const line = markdown.slice(offset, lineEnd < 0 ? undefined : lineEnd);
  const box = /^(\s*(?:[-*+]|\d+[.)])\s+)\[[ xX]\]/.exec(line);
  if (!box?.[1]) return undefined;
  const at = offset + box[1].length;
  return `${markdown.slice(0, at)}[${checked ? 'x' : ' '}]${markdown.slice(at + 3)}`;
}
