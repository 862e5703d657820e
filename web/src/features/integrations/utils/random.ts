/**
 * Random hex from the browser's generator (crypto.getRandomValues, available on plain http too, unlike
 * randomUUID): ids of local rules and the mock webhook token.
 */
export function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}
