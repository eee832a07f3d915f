/** Business constants of the equipment register (seed 001 §5, §9). */
export const EQUIPO_RULES = {
  /** Seed 001 §5/§9: on this work site the yellow/white line switch is hidden (not applicable), so
   * linea_amarilla_blanca is saved as 0 there. */
  siteWithoutLinea: 8,
  /** Seed 001 §9: tariff types. */
  tarifas: ['MES', 'HORA'] as const,
  /** `horas` is the number of months for tariff MES (1-12) and the hours for HORA (1-744, the hours
   * of a 31-day month); 0 means not chosen. The form offers these choices. */
  meses: { min: 1, max: 12 },
  horas: { min: 1, max: 744, opciones: [50, 100, 150, 180, 200, 220, 240, 250, 300] },
  /** The longest amortization plan, in months (50 years). */
  amortizacionMaxMeses: 600,
  /** The first model year accepted; the last is next year. */
  anioMin: 1950,
  /** Seed 001 §9: hour-meter values hold at most 7 digits. */
  horometroMax: 9_999_999,
} as const;
