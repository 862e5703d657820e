/** Text made safe inside HTML elements and quoted attributes: & < > " ' as numeric character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
