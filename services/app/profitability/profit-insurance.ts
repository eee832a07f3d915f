import { insuranceSchedule } from '../equipment/insuranceSchedule';

/** 'YYYY-MM' → the month's last day, 'YYYY-MM-DD'. */
function lastDay(mes: string): string {
  const y = Number(mes.slice(0, 4));
  const m = Number(mes.slice(5, 7));
  return `${mes}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The month's share of a machine's annual insurance for the profitability rows: the twin of
 * equipo_seguro_mes (migrations/0011) at the month's last day, from the machine form's schedule
 * (`insuranceSchedule`, largest-remainder cents). SQL worked out a whole insurance year to return
 * one month, once per machine × site × month (24,000 calls for a year of 2,000 machines, ~1.6 s on
 * a loaded machine); here each insurance year is worked out once and its months remembered. A
 * month belongs to the insurance year that holds its last day, so the month of an anniversary
 * takes the new year's share. */
export function insuranceShares(): (anual: string | null, inicio: string | null, mes: string) => number {
  const byMachine = new Map<string, Map<string, number>>();
  return (anual, inicio, mes) => {
    if (anual === null || !(Number(anual) > 0) || !inicio) return 0;
    const key = `${anual}|${inicio}`;
    let months = byMachine.get(key);
    if (!months) byMachine.set(key, (months = new Map()));
    const known = months.get(mes);
    if (known !== undefined) return known;
    const hoy = lastDay(mes);
    if (hoy < inicio) {
      months.set(mes, 0);
      return 0;
    }
    const year = insuranceSchedule({ anual, inicio, hoy });
    for (const row of year.rows) {
      const m = `${row.anio}-${String(row.mes).padStart(2, '0')}`;
      const end = lastDay(m);
      if (end >= year.desde! && end < year.hasta!) months.set(m, Number(row.costo));
    }
    return months.get(mes) ?? 0;
  };
}
