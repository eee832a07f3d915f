import { demoUnitPrice } from '../stock-chain/chain-plan';

// The story the demo year tells in the reports (issue 19; README "The demo's story",
// docs/modules/reports.md "Demo"): the figures are the records', these constants only pick who
// plays each part.

/** The machine that loses money: an hourly tariff, few worked hours (services/demo/hour-meters,
 * `lowUse`), frequent corrective orders with costly parts. Bomag BW 211 D-5 at Vía Expresa Sur. */
export const STORY_MACHINE = 'RL-004';

/** The site whose preventive share rises quarter after quarter while its MTBF improves:
 * Depósito de relaves Quiruvilca (Minera del Sur). */
export const STORY_SITE = 'OB-TRU-01';

/** The preventive share (MP ÷ all orders) the story site reaches, at least, in each quarter. */
export const SITE_SHARES = [0.2, 0.35, 0.5, 0.6] as const;
/** Each quarter's share beats the last by at least this much. */
export const SHARE_STEP = 0.08;
/** Each quarter's MTBF (worked hours ÷ corrective orders) beats the last by at least this factor. */
export const MTBF_STEP = 1.15;

export type Quarter = { from: string; to: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** The four quarters of the twelve months up to `today`'s ('YYYY-MM-DD'), oldest first: whole
 * months ('YYYY-MM-01' to the month's last day), the last one holding the current month, as the
 * KPI calls read periods. */
export function storyQuarters(today: string): Quarter[] {
  const current = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  const day = (index: number, last: boolean) => {
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    return last ? `${y}-${pad(m)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}` : `${y}-${pad(m)}-01`;
  };
  return [0, 1, 2, 3].map((q) => {
    const first = current - 11 + 3 * q;
    return { from: day(first, false), to: day(first + 2, true) };
  });
}

/** What a quarter of the story site already holds: MP and corrective (MC + MCD) orders that were
 * not cancelled, and the worked hours of its logs. */
export type QuarterFigures = { mp: number; correctivas: number; horas: number };

/**
 * The orders to add to each quarter of the story site so that its preventive share rises (at
 * least SITE_SHARES, each quarter SHARE_STEP above the last) and its MTBF improves (each quarter
 * MTBF_STEP times the last). Orders are only added, never removed: the last quarter keeps its
 * corrective orders and the earlier ones get more, so failures fall quarter after quarter.
 */
export function siteAdditions(quarters: QuarterFigures[]): { mp: number; correctivas: number }[] {
  const n = quarters.length;
  const corrective = quarters.map((q) => q.correctivas);
  for (let i = n - 2; i >= 0; i--) {
    const next = quarters[i + 1];
    // MTBF_i × MTBF_STEP < MTBF_{i+1}: W_i ÷ c_i × step < W_{i+1} ÷ c_{i+1}.
    const needed = next.horas > 0 ? Math.floor((MTBF_STEP * corrective[i + 1] * quarters[i].horas) / next.horas) + 1 : corrective[i];
    corrective[i] = Math.max(corrective[i], needed);
  }
  const mp: number[] = [];
  let last = 0;
  quarters.forEach((q, i) => {
    const share = Math.min(0.9, Math.max(SITE_SHARES[Math.min(i, SITE_SHARES.length - 1)], i ? last + SHARE_STEP : 0));
    let count = Math.max(q.mp, Math.ceil((share * corrective[i]) / (1 - share)));
    // Rounding can leave the share a hair under the last one: one more order settles it.
    while (i && count / (count + corrective[i]) <= last) count++;
    mp.push(count);
    last = count / (count + corrective[i]);
  });
  return quarters.map((q, i) => ({ mp: mp[i] - q.mp, correctivas: corrective[i] - q.correctivas }));
}

/** Materials of a preventive kit (filters, oils, grease, coolant) and corrective parts. */
export const PM_KIT = /^(Filtro|Aceite|Grasa|Refrigerante)/;
export const CORRECTIVE_PARTS = /^(Bomba|Turbocompresor|Inyector|Alternador|Motor de arranque|Rodamiento|Manguera hidráulica|Kit de sellos|Amortiguador|Rodillo|Zapata|Rueda guía|Segmento|Disco de embrague|Plato de presión|Batería|Retén|Cruceta|Faja|Termostato|Neumático)/;
/** The losing machine's (a vibratory roller) usual failures. */
export const ROLLER_PARTS = /^(Amortiguador de tambor|Rodamiento|Manguera hidráulica|Bomba de agua|Alternador|Motor de arranque|Kit de sellos|Retén|Faja)/;

const PRICES: [RegExp, number, number][] = [
  [/^(Turbocompresor|Bomba de inyección)/, 9_000, 14_000],
  [/^Bomba/, 2_200, 3_600],
  [/^(Alternador|Motor de arranque|Inyector)/, 2_200, 3_400],
  [/^Neumático/, 3_500, 9_000],
  [/^(Rodillo|Rueda guía|Segmento|Disco de embrague|Plato de presión)/, 2_800, 4_800],
  [/^(Kit de sellos|Amortiguador|Zapata|Tambor)/, 600, 1_500],
  [/^(Rodamiento|Manguera|Batería|Cruceta)/, 350, 900],
  [/^(Aceite|Refrigerante)/, 180, 950],
  [/^Filtro/, 60, 420],
  [/^Grasa/, 120, 300],
];

/** The unit cost in soles a demo part enters the site's stock at (the catalogue has no average
 * prices): by kind of part, fixed by its code; anything else as the stock chain prices it. */
export function storyUnitPrice(codigo: string, nombre: string): number {
  const range = PRICES.find(([re]) => re.test(nombre));
  if (!range) return demoUnitPrice(codigo);
  const [, lo, hi] = range;
  const unit = demoUnitPrice(codigo) - 18; // 0 … 1,182 by the code
  return Math.round(lo + ((hi - lo) * unit) / 1_182);
}
