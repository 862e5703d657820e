/**
 * The workspace slug rule (spec core §3): lowercased, with every run of non-alphanumeric characters
 * replaced by one hyphen. Leading and trailing hyphens are trimmed so that "  Acme!" gives "acme".
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
