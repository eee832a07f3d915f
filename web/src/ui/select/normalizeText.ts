/** Text for matching: lower case, accents and other marks removed, spaces collapsed, so
 * 'Cañón  ' matches 'canon'. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
