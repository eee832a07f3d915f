/** One machine model of the demo fleet: its make and model (services/demo/demo-data.ts MARCAS), the
 * subgroup and product it is registered under (services/demo/master/equipment-kinds.ts), its
 * engine (make and model; makes missing from the catalogue, such as Cummins or Deutz, and the
 * engine models are created by the fleet loader), its data sheet, and the price, insurance and rental-rate ranges of a Peruvian fleet
 * (soles). `count` machines of the model are in the demo fleet. */
export type FleetModel = {
  marca: string;
  modelo: string;
  subgrupo: string;
  producto: string;
  /** Code prefix: 'EX' → 'EX-012'. */
  prefix: string;
  motor: [marca: string, modelo: string];
  potencia: string;
  capacidad: string;
  peso: string;
  dimensiones: string;
  /** Acquisition cost range in soles. */
  costo: [number, number];
  /** Tariff: by hour (HORA, soles per hour) or by month (MES, soles per month). */
  tarifa: { tipo: 'HORA' | 'MES'; desde: number; hasta: number };
  /** Road vehicles (white line) carry a plate, SOAT and technical inspection; the others are
   * yellow-line machines. */
  vehiculo: boolean;
  count: number;
};

export const FLEET_MODELS: FleetModel[] = [
  // Excavadoras sobre orugas, 20 t
  { marca: 'Caterpillar', modelo: '320', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 20 t', prefix: 'EX', motor: ['Caterpillar', 'C7.1'], potencia: '162 HP', capacidad: '1.19 m3', peso: '22,500 kg', dimensiones: '9.53 x 3.17 x 2.96 m', costo: [590_000, 690_000], tarifa: { tipo: 'HORA', desde: 230, hasta: 280 }, vehiculo: false, count: 6 },
  { marca: 'Komatsu', modelo: 'PC200-8', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 20 t', prefix: 'EX', motor: ['Komatsu', 'SAA6D107E-1'], potencia: '148 HP', capacidad: '1.17 m3', peso: '20,300 kg', dimensiones: '9.43 x 2.80 x 3.04 m', costo: [560_000, 650_000], tarifa: { tipo: 'HORA', desde: 220, hasta: 270 }, vehiculo: false, count: 5 },
  { marca: 'Volvo', modelo: 'EC210D', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 20 t', prefix: 'EX', motor: ['Volvo', 'D6J'], potencia: '160 HP', capacidad: '1.20 m3', peso: '21,800 kg', dimensiones: '9.66 x 2.99 x 2.96 m', costo: [570_000, 660_000], tarifa: { tipo: 'HORA', desde: 220, hasta: 270 }, vehiculo: false, count: 2 },
  { marca: 'Hyundai', modelo: 'R220LC-9S', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 20 t', prefix: 'EX', motor: ['Cummins', 'QSB6.7'], potencia: '173 HP', capacidad: '1.05 m3', peso: '22,000 kg', dimensiones: '9.63 x 3.20 x 3.07 m', costo: [480_000, 560_000], tarifa: { tipo: 'HORA', desde: 200, hasta: 240 }, vehiculo: false, count: 2 },
  { marca: 'Hitachi', modelo: 'ZX200-5G', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 20 t', prefix: 'EX', motor: ['Isuzu', 'AI-4HK1X'], potencia: '159 HP', capacidad: '1.10 m3', peso: '20,100 kg', dimensiones: '9.52 x 2.80 x 2.95 m', costo: [540_000, 620_000], tarifa: { tipo: 'HORA', desde: 210, hasta: 260 }, vehiculo: false, count: 2 },
  // Excavadoras sobre orugas, 35 t
  { marca: 'Caterpillar', modelo: '336', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 35 t', prefix: 'EX', motor: ['Caterpillar', 'C9.3'], potencia: '311 HP', capacidad: '1.88 m3', peso: '36,200 kg', dimensiones: '11.17 x 3.19 x 3.32 m', costo: [1_150_000, 1_350_000], tarifa: { tipo: 'HORA', desde: 380, hasta: 450 }, vehiculo: false, count: 3 },
  { marca: 'Komatsu', modelo: 'PC350LC-8', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 35 t', prefix: 'EX', motor: ['Komatsu', 'SAA6D114E-3'], potencia: '257 HP', capacidad: '1.90 m3', peso: '33,900 kg', dimensiones: '11.14 x 3.19 x 3.28 m', costo: [1_050_000, 1_250_000], tarifa: { tipo: 'HORA', desde: 360, hasta: 430 }, vehiculo: false, count: 2 },
  { marca: 'Liebherr', modelo: 'R 936', subgrupo: 'Excavadora sobre orugas', producto: 'Excavadora hidráulica 35 t', prefix: 'EX', motor: ['Liebherr', 'D936 A7'], potencia: '268 HP', capacidad: '1.85 m3', peso: '36,900 kg', dimensiones: '11.25 x 3.20 x 3.25 m', costo: [1_200_000, 1_400_000], tarifa: { tipo: 'HORA', desde: 390, hasta: 460 }, vehiculo: false, count: 1 },
  // Excavadora sobre ruedas
  { marca: 'Hyundai', modelo: 'R140W-9', subgrupo: 'Excavadora sobre ruedas', producto: 'Excavadora sobre ruedas 14 t', prefix: 'EXR', motor: ['Cummins', 'QSB4.5'], potencia: '148 HP', capacidad: '0.58 m3', peso: '13,800 kg', dimensiones: '7.60 x 2.50 x 3.15 m', costo: [420_000, 480_000], tarifa: { tipo: 'HORA', desde: 170, hasta: 210 }, vehiculo: false, count: 2 },
  // Cargadores frontales
  { marca: 'Caterpillar', modelo: '950H', subgrupo: 'Cargador frontal', producto: 'Cargador frontal 3.5 m3', prefix: 'CF', motor: ['Caterpillar', 'C7'], potencia: '197 HP', capacidad: '3.5 m3', peso: '18,600 kg', dimensiones: '8.23 x 2.94 x 3.47 m', costo: [680_000, 780_000], tarifa: { tipo: 'HORA', desde: 220, hasta: 270 }, vehiculo: false, count: 3 },
  { marca: 'Komatsu', modelo: 'WA380-6', subgrupo: 'Cargador frontal', producto: 'Cargador frontal 3.5 m3', prefix: 'CF', motor: ['Komatsu', 'SAA6D107E-1'], potencia: '191 HP', capacidad: '3.3 m3', peso: '17,690 kg', dimensiones: '8.05 x 2.79 x 3.38 m', costo: [640_000, 740_000], tarifa: { tipo: 'HORA', desde: 210, hasta: 260 }, vehiculo: false, count: 3 },
  { marca: 'Caterpillar', modelo: '966H', subgrupo: 'Cargador frontal', producto: 'Cargador frontal 4.5 m3', prefix: 'CF', motor: ['Caterpillar', 'C11'], potencia: '262 HP', capacidad: '4.2 m3', peso: '23,500 kg', dimensiones: '8.98 x 3.14 x 3.67 m', costo: [950_000, 1_100_000], tarifa: { tipo: 'HORA', desde: 290, hasta: 340 }, vehiculo: false, count: 2 },
  { marca: 'Volvo', modelo: 'L120H', subgrupo: 'Cargador frontal', producto: 'Cargador frontal 4.5 m3', prefix: 'CF', motor: ['Volvo', 'D8J'], potencia: '272 HP', capacidad: '4.0 m3', peso: '20,800 kg', dimensiones: '8.70 x 2.97 x 3.53 m', costo: [900_000, 1_050_000], tarifa: { tipo: 'HORA', desde: 280, hasta: 330 }, vehiculo: false, count: 1 },
  // Tractores de orugas
  { marca: 'Caterpillar', modelo: 'D6T', subgrupo: 'Tractor de orugas', producto: 'Tractor de orugas D6', prefix: 'TO', motor: ['Caterpillar', 'C9.3'], potencia: '215 HP', capacidad: '5.6 m3 (hoja SU)', peso: '23,300 kg', dimensiones: '5.64 x 3.26 x 3.19 m', costo: [1_350_000, 1_600_000], tarifa: { tipo: 'HORA', desde: 380, hasta: 460 }, vehiculo: false, count: 3 },
  { marca: 'Komatsu', modelo: 'D65EX-16', subgrupo: 'Tractor de orugas', producto: 'Tractor de orugas D6', prefix: 'TO', motor: ['Komatsu', 'SAA6D114E-3'], potencia: '205 HP', capacidad: '5.6 m3 (hoja SU)', peso: '21,200 kg', dimensiones: '5.44 x 3.46 x 3.20 m', costo: [1_250_000, 1_500_000], tarifa: { tipo: 'HORA', desde: 360, hasta: 440 }, vehiculo: false, count: 2 },
  // Retroexcavadoras
  { marca: 'Caterpillar', modelo: '416F2', subgrupo: 'Retroexcavadora', producto: 'Retroexcavadora 4x4', prefix: 'RE', motor: ['Caterpillar', 'C4.4'], potencia: '87 HP', capacidad: '0.96 m3 / 0.18 m3', peso: '7,900 kg', dimensiones: '7.30 x 2.33 x 3.74 m', costo: [330_000, 390_000], tarifa: { tipo: 'HORA', desde: 120, hasta: 150 }, vehiculo: false, count: 3 },
  { marca: 'JCB', modelo: '3CX', subgrupo: 'Retroexcavadora', producto: 'Retroexcavadora 4x4', prefix: 'RE', motor: ['JCB', 'Dieselmax 444'], potencia: '92 HP', capacidad: '1.0 m3 / 0.21 m3', peso: '8,070 kg', dimensiones: '5.62 x 2.36 x 3.90 m', costo: [310_000, 370_000], tarifa: { tipo: 'HORA', desde: 115, hasta: 145 }, vehiculo: false, count: 3 },
  { marca: 'John Deere', modelo: '310L', subgrupo: 'Retroexcavadora', producto: 'Retroexcavadora 4x4', prefix: 'RE', motor: ['John Deere', 'PowerTech 4045'], potencia: '93 HP', capacidad: '0.88 m3 / 0.24 m3', peso: '7,200 kg', dimensiones: '7.10 x 2.40 x 3.60 m', costo: [300_000, 360_000], tarifa: { tipo: 'HORA', desde: 115, hasta: 140 }, vehiculo: false, count: 1 },
  // Motoniveladoras
  { marca: 'Caterpillar', modelo: '140K', subgrupo: 'Motoniveladora', producto: 'Motoniveladora 140 hp', prefix: 'MN', motor: ['Caterpillar', 'C7'], potencia: '183 HP', capacidad: 'Hoja 3.7 m', peso: '15,200 kg', dimensiones: '8.83 x 2.48 x 3.31 m', costo: [880_000, 1_020_000], tarifa: { tipo: 'HORA', desde: 280, hasta: 330 }, vehiculo: false, count: 3 },
  { marca: 'John Deere', modelo: '670G', subgrupo: 'Motoniveladora', producto: 'Motoniveladora 140 hp', prefix: 'MN', motor: ['John Deere', 'PowerTech 6068'], potencia: '180 HP', capacidad: 'Hoja 3.7 m', peso: '16,400 kg', dimensiones: '8.90 x 2.60 x 3.30 m', costo: [820_000, 960_000], tarifa: { tipo: 'HORA', desde: 260, hasta: 310 }, vehiculo: false, count: 1 },
  { marca: 'Caterpillar', modelo: '12M', subgrupo: 'Motoniveladora', producto: 'Motoniveladora 200 hp', prefix: 'MN', motor: ['Caterpillar', 'C9'], potencia: '203 HP', capacidad: 'Hoja 3.7 m', peso: '17,100 kg', dimensiones: '9.11 x 2.50 x 3.35 m', costo: [1_050_000, 1_200_000], tarifa: { tipo: 'HORA', desde: 300, hasta: 350 }, vehiculo: false, count: 2 },
  { marca: 'Komatsu', modelo: 'GD655-5', subgrupo: 'Motoniveladora', producto: 'Motoniveladora 200 hp', prefix: 'MN', motor: ['Komatsu', 'SAA6D107E-1'], potencia: '218 HP', capacidad: 'Hoja 4.3 m', peso: '16,400 kg', dimensiones: '9.11 x 2.70 x 3.39 m', costo: [980_000, 1_120_000], tarifa: { tipo: 'HORA', desde: 290, hasta: 340 }, vehiculo: false, count: 2 },
  // Rodillos
  { marca: 'Dynapac', modelo: 'CA250D', subgrupo: 'Rodillo liso vibratorio', producto: 'Rodillo liso 10 t', prefix: 'RL', motor: ['Cummins', 'QSB4.5'], potencia: '130 HP', capacidad: 'Tambor 2.13 m', peso: '10,500 kg', dimensiones: '5.65 x 2.30 x 2.95 m', costo: [390_000, 450_000], tarifa: { tipo: 'HORA', desde: 140, hasta: 170 }, vehiculo: false, count: 3 },
  { marca: 'Bomag', modelo: 'BW 211 D-5', subgrupo: 'Rodillo liso vibratorio', producto: 'Rodillo liso 12 t', prefix: 'RL', motor: ['Deutz', 'TCD 2012 L04'], potencia: '133 HP', capacidad: 'Tambor 2.13 m', peso: '11,900 kg', dimensiones: '5.90 x 2.25 x 2.98 m', costo: [450_000, 520_000], tarifa: { tipo: 'HORA', desde: 150, hasta: 180 }, vehiculo: false, count: 3 },
  { marca: 'Caterpillar', modelo: 'CS56B', subgrupo: 'Rodillo liso vibratorio', producto: 'Rodillo liso 12 t', prefix: 'RL', motor: ['Caterpillar', 'C4.4'], potencia: '131 HP', capacidad: 'Tambor 2.13 m', peso: '11,500 kg', dimensiones: '5.85 x 2.30 x 3.10 m', costo: [470_000, 540_000], tarifa: { tipo: 'HORA', desde: 155, hasta: 185 }, vehiculo: false, count: 1 },
  { marca: 'Bomag', modelo: 'BW 213 DH-5', subgrupo: 'Rodillo pata de cabra', producto: 'Rodillo pata de cabra 12 t', prefix: 'RP', motor: ['Deutz', 'TCD 2013 L06'], potencia: '155 HP', capacidad: 'Tambor 2.13 m', peso: '13,200 kg', dimensiones: '6.00 x 2.30 x 3.00 m', costo: [500_000, 580_000], tarifa: { tipo: 'HORA', desde: 160, hasta: 190 }, vehiculo: false, count: 2 },
  // Volquetes
  { marca: 'Volvo', modelo: 'FMX 460', subgrupo: 'Volquete', producto: 'Volquete 15 m3', prefix: 'VQ', motor: ['Volvo', 'D13K460'], potencia: '460 HP', capacidad: '15 m3', peso: '33,000 kg (PBV)', dimensiones: '8.60 x 2.50 x 3.40 m', costo: [520_000, 590_000], tarifa: { tipo: 'MES', desde: 26_000, hasta: 32_000 }, vehiculo: true, count: 4 },
  { marca: 'Mercedes-Benz', modelo: 'Actros 3344K', subgrupo: 'Volquete', producto: 'Volquete 15 m3', prefix: 'VQ', motor: ['Mercedes-Benz', 'OM 457 LA'], potencia: '435 HP', capacidad: '15 m3', peso: '33,000 kg (PBV)', dimensiones: '8.45 x 2.50 x 3.35 m', costo: [500_000, 570_000], tarifa: { tipo: 'MES', desde: 25_000, hasta: 31_000 }, vehiculo: true, count: 3 },
  { marca: 'Scania', modelo: 'P410 8x4', subgrupo: 'Volquete', producto: 'Volquete 20 m3', prefix: 'VQ', motor: ['Scania', 'DC13 410'], potencia: '410 HP', capacidad: '20 m3', peso: '41,000 kg (PBV)', dimensiones: '9.80 x 2.55 x 3.45 m', costo: [590_000, 660_000], tarifa: { tipo: 'MES', desde: 30_000, hasta: 36_000 }, vehiculo: true, count: 3 },
  { marca: 'Scania', modelo: 'G460 6x4', subgrupo: 'Volquete', producto: 'Volquete 15 m3', prefix: 'VQ', motor: ['Scania', 'DC13 460'], potencia: '460 HP', capacidad: '15 m3', peso: '33,000 kg (PBV)', dimensiones: '8.70 x 2.55 x 3.40 m', costo: [540_000, 610_000], tarifa: { tipo: 'MES', desde: 27_000, hasta: 33_000 }, vehiculo: true, count: 1 },
  // Camiones articulados y mineros
  { marca: 'Volvo', modelo: 'A40G', subgrupo: 'Camión articulado', producto: 'Camión articulado 40 t', prefix: 'CA', motor: ['Volvo', 'D16E'], potencia: '469 HP', capacidad: '24 m3 / 39 t', peso: '31,500 kg', dimensiones: '11.28 x 3.43 x 3.74 m', costo: [2_000_000, 2_300_000], tarifa: { tipo: 'HORA', desde: 520, hasta: 620 }, vehiculo: false, count: 2 },
  { marca: 'Komatsu', modelo: 'HM400-3', subgrupo: 'Camión articulado', producto: 'Camión articulado 40 t', prefix: 'CA', motor: ['Komatsu', 'SAA6D140E-6'], potencia: '466 HP', capacidad: '22.3 m3 / 40 t', peso: '33,800 kg', dimensiones: '11.28 x 3.45 x 3.68 m', costo: [1_950_000, 2_250_000], tarifa: { tipo: 'HORA', desde: 510, hasta: 600 }, vehiculo: false, count: 1 },
  { marca: 'Caterpillar', modelo: '777G', subgrupo: 'Camión minero', producto: 'Camión minero 90 t', prefix: 'CM', motor: ['Caterpillar', 'C32'], potencia: '1,025 HP', capacidad: '60 m3 / 90.9 t', peso: '68,000 kg', dimensiones: '10.53 x 6.49 x 5.06 m', costo: [5_300_000, 5_900_000], tarifa: { tipo: 'HORA', desde: 950, hasta: 1_150 }, vehiculo: false, count: 2 },
];
