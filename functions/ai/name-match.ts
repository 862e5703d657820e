/**
 * Finding a project or task by what a person (or a model) called it: by id, by name forgiving case,
 * spaces and small typos. Only the candidates given are searched — the caller's own workspace — so no
 * name or id can reach anything else.
 */

function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/["'“”‘’]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Edits (insert, delete, substitute) from one text to the other. */
export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] ?? 0;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] ?? 0;
      previous[j] = Math.min(above + 1, (previous[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length] ?? 0;
}

/** Typos forgiven: none for very short names, one for short ones, two otherwise. */
function allowedTypos(length: number): number {
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

export type Match<T> = { readonly found: T } | { readonly ambiguous: readonly T[] } | { readonly none: true };

/** Every word asked for begins a word of the name ('launch post' in 'Write launch post'; 'ana' not in 'Diana'). */
function wordsBegin(name: string, target: string): boolean {
  const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const words = wordsOf(name);
  const parts = wordsOf(target);
  return parts.length > 0 && parts.every((part) => words.some((word) => word.startsWith(part)));
}

/**
 * The candidate `wanted` names: an exact id, else an exact name, else the only name starting with it, else
 * the only one whose words the request's words begin. Reads (`loose`) go further: the only name containing
 * it or contained in it, else the only one within a few typos. A write is not made on a guess: 'Write
 * launch post' must not complete 'Launch', nor 'Ana' assign 'Diana'. Several equally good → ambiguous.
 */
export function matchByName<T extends { id: string }>(
  candidates: readonly T[],
  wanted: string,
  nameOf: (candidate: T) => string,
  { loose = true }: { loose?: boolean } = {},
): Match<T> {
  const byId = candidates.find((candidate) => candidate.id === wanted.trim());
  if (byId) return { found: byId };
  const target = normalized(wanted);
  if (!target) return { none: true };
  const tiers: ((name: string) => boolean)[] = [(name) => name === target, (name) => name.startsWith(target), (name) => wordsBegin(name, target)];
  if (loose) {
    tiers.push(
      (name) => name.includes(target) || (name.length >= 3 && target.includes(name)),
      (name) => editDistance(name, target) <= allowedTypos(target.length),
    );
  }
  for (const inTier of tiers) {
    const matches = candidates.filter((candidate) => inTier(normalized(nameOf(candidate))));
    if (matches.length === 1 && matches[0]) return { found: matches[0] };
    if (matches.length > 1) return { ambiguous: matches };
  }
  return { none: true };
}
