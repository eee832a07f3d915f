/** Lower case without accents, for forgiving menu matches ('camion' finds 'Camión'). */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}
