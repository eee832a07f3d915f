import { fromCents, toCents } from '@shared/money';
import { EQUIPO_RULES } from '@shared/equipment-rules';
import type { FleetIds, FleetSite } from './fleetCatalog';
import type { FleetModel } from './fleetModels';

/** Where each make is bought in Peru (the `proviene` field). */
const DEALERS: Record<string, string> = {
  Caterpillar: 'Ferreyros S.A.',
  Komatsu: 'Komatsu-Mitsui Maquinarias Perú',
  Volvo: 'Volvo Perú S.A.',
  'John Deere': 'IPESA S.A.C.',
  Hyundai: 'Motored S.A.',
  JCB: 'Intermaq S.A.C.',
  Bomag: 'Fima Perú',
  Dynapac: 'Atlas Copco Peruana',
  Hitachi: 'Hitachi Construction Machinery Perú',
  Liebherr: 'Liebherr Perú S.A.C.',
  Scania: 'Scania del Perú S.A.',
  'Mercedes-Benz': 'Divemotor S.A.',
};

/** Serial-number prefixes in the makers' style. */
const SERIAL: Record<string, string> = {
  Caterpillar: 'CAT0',
  Komatsu: 'KMTPC',
  Volvo: 'VCE0',
  'John Deere': '1T0',
  Hyundai: 'HHKHZ',
  JCB: 'JCB0',
  Bomag: '1016',
  Dynapac: '1000',
  Hitachi: 'HCM1',
  Liebherr: 'WLHZ',
  Scania: '9BSP',
  'Mercedes-Benz': 'WDB9',
};

const LOCATIONS = ['Patio de máquinas', 'Frente 1', 'Frente 2', 'Frente 3 - cantera', 'Taller de campo', 'Campamento', 'Botadero km 4'];
const LETTERS = [...'ABCDEFGHJKLMNPRSTUVWXZ'];

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
const between = (rng: () => number, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pad = (n: number, size: number) => String(n).padStart(size, '0');
const alnum = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Soles with cents as a decimal string; a third of the prices carry odd cents. */
function soles(rng: () => number, lo: number, hi: number): string {
  const hundreds = between(rng, Math.ceil(lo / 100), Math.floor(hi / 100));
  const cents = rng() < 0.33 ? between(rng, 1, 99) : 0;
  return `${hundreds * 100}.${pad(cents, 2)}`;
}

/** The record fields of one demo machine: `codigo` as given ('EX-012'), a realistic serial, plate
 * (road vehicles), model year 2012-2024, purchase and arrival dates, hour meter by age, cost,
 * insurance (1.1-1.9% of the cost a year), tariff (hourly machines: minimum 200 hours a month;
 * trucks by month, 6 or 12 months) and, for machines from 2019 on, a 48- or 60-month amortization
 * plan from the month of arrival. `today` ('YYYY-MM-DD') bounds the dates. Deterministic for a
 * given `rng`. */
export function machineFields(options: { model: FleetModel; ids: FleetIds; site: FleetSite; codigo: string; rng: () => number; today: string }): Record<string, unknown> {
  const { model, ids, site, codigo, rng, today } = options;
  const anio = between(rng, 2012, 2024);
  const purchaseYear = Math.min(anio + (rng() < 0.4 ? 1 : 0), Number(today.slice(0, 4)));
  const compra = `${purchaseYear}-${pad(between(rng, 1, 12), 2)}-${pad(between(rng, 1, 28), 2)}`;
  const llegada = addDays(compra, between(rng, 7, 45));
  const ageYears = Math.max(0, Number(today.slice(0, 4)) - purchaseYear);
  const costo = soles(rng, model.costo[0], model.costo[1]);
  const seguro = fromCents((toCents(costo) * BigInt(between(rng, 110, 190))) / 10_000n);
  const plan = anio >= 2019 ? pick(rng, [48, 60]) : 0;
  const horas = model.tarifa.tipo === 'MES' ? pick(rng, [6, 12]) : 200;
  const tarifa = model.tarifa.tipo === 'MES' ? between(rng, model.tarifa.desde / 100, model.tarifa.hasta / 100) * 100 : between(rng, model.tarifa.desde, model.tarifa.hasta);
  const warranty = ageYears <= 1 ? pick(rng, ['12 meses o 2,000 horas', '24 meses o 4,000 horas']) : 'Vencida';
  const inspection = (months: number) => addDays(today, between(rng, -20, months * 30));
  return {
    id_obra: site.id,
    codigo_sub_obra: `${site.codigo}-${alnum(codigo)}`,
    cc: `CC-${site.codigo.replace(/^OB-/, '')}`,
    codigo,
    id_equipo_grupo: ids.grupo,
    id_equipo_subgrupo: ids.subgrupo,
    id_equipo_producto: ids.producto,
    id_marca: ids.marca,
    id_modelo: ids.modelo,
    id_marca_motor: ids.marcaMotor,
    id_modelo_motor: ids.modeloMotor,
    motor_serie: `${alnum(model.motor[1]).slice(0, 6)}${pad(between(rng, 10_000, 99_999), 5)}`,
    placa: model.vehiculo ? `${pick(rng, LETTERS)}${between(rng, 1, 9)}${pick(rng, LETTERS)}-${pad(between(rng, 100, 999), 3)}` : '',
    serie: `${SERIAL[model.marca] ?? 'SN'}${alnum(model.modelo).slice(0, 6)}${pick(rng, LETTERS)}${pad(between(rng, 1, 99_999), 5)}`,
    potencia: model.potencia,
    capacidad: model.capacidad,
    anio,
    horometro: ageYears * between(rng, 1_100, 2_300) + between(rng, 0, 900),
    peso: model.peso,
    dimensiones: model.dimensiones,
    proviene: `Compra directa - ${DEALERS[model.marca] ?? model.marca}`,
    ubicacion: pick(rng, LOCATIONS),
    costo_adquisicion: costo,
    observaciones: rng() < 0.2 ? pick(rng, ['Cambio de tren de rodaje en 2024.', 'Motor reparado (overhaul) a las 10,000 horas.', 'Con martillo hidráulico.', 'Requiere cambio de neumáticos.']) : '',
    garantia_compra: warranty,
    fecha_compra: compra,
    fecha_baja: null,
    fecha_llegada: llegada,
    soat_vence: model.vehiculo ? inspection(12) : null,
    rv_vence: model.vehiculo ? inspection(6) : null,
    costo_anual_seguro: seguro,
    amortizacion: plan,
    amortizacion_inicio: plan ? `${llegada.slice(0, 7)}-01` : null,
    // Yellow line: earth-moving machines; white line: trucks. Not applicable on site 8 (seed 001 §5).
    linea_amarilla_blanca: model.vehiculo || site.id === EQUIPO_RULES.siteWithoutLinea ? 0 : 1,
    tipo_tarifa: model.tarifa.tipo,
    horas,
    tarifa: `${tarifa}.00`,
  };
}
