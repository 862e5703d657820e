/**
 * The workspace slug rule (spec core §3): lowercased, with every run of non-alphanumeric characters
 * replaced by one hyphen. Letters and digits of every script count, so "Café" keeps its é and a Japanese
 * name does not vanish. Leading and trailing hyphens are trimmed so that "  Acme!" gives "acme".
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
