/** Seed 001 §9 profile ids of the people on a work order. */
export const WORKER_ROLES = { operador: 11, mecanico: 14, supervisor: 15, jefe: 17, almacenObra: 19 } as const;

export type WorkerRole = keyof typeof WORKER_ROLES;

/** How many people of each profile work at every demo site (seed 001 §7 lookups feed the work
 * order's operator, mechanic and supervisor): the first site, the largest, has one operator more. */
export const PER_SITE: { role: WorkerRole; count: (siteIndex: number) => number }[] = [
  { role: 'operador', count: (i) => (i === 0 ? 4 : 3) },
  { role: 'mecanico', count: () => 2 },
  { role: 'supervisor', count: () => 1 },
  { role: 'almacenObra', count: () => 1 },
];

// Peruvian first names and surnames. Chosen so the demo accounts of services/demo/access-data.ts
// stay unique by first name (Ana, Carlos, Jorge, Luis, María, Miguel, Pedro, Rosa) and by the
// surname the users' search tests look for (Huamán).
export const FIRST_NAMES = [
  'Daniel', 'Edwin', 'Efraín', 'Elmer', 'Félix', 'Fredy', 'Germán', 'Gilmer', 'Gladys', 'Henry', 'Hernán', 'Hugo',
  'Julio', 'Karina', 'Marco', 'Marleny', 'Milagros', 'Nilton', 'Percy', 'Raúl', 'Ricardo', 'Roberto', 'Ronald', 'Santiago',
  'Víctor', 'Walter', 'Wilber', 'Yesenia', 'Yony', 'Abel', 'César', 'David', 'Eusebio', 'Flor', 'Genaro', 'Isaac',
];

export const SURNAMES = [
  'Quispe', 'Mamani', 'Flores', 'Condori', 'Rojas', 'Ramos', 'Choque', 'Vargas', 'Chávez', 'Sánchez', 'Gutiérrez', 'Torres',
  'Mendoza', 'Apaza', 'Cruz', 'Díaz', 'Ticona', 'Ccahuana', 'Huanca', 'Paucar', 'Soto', 'Castillo', 'Espinoza', 'Yupanqui',
  'Cárdenas', 'Ccopa', 'Pari', 'Layme', 'Salas', 'Medina', 'Villanueva', 'Aguilar', 'Nina', 'Poma', 'Cusi', 'Taipe', 'Ayala',
];

/** The n-th demo worker's name, surnames and DNI-like document (8 digits, all different). The
 * first names run out of step with the surnames, so no two workers share a full name. */
export function workerIdentity(n: number): { name: string; surname: string; document: string } {
  const name = FIRST_NAMES[n % FIRST_NAMES.length];
  const paterno = SURNAMES[(n * 7 + 3) % SURNAMES.length];
  const materno = SURNAMES[(n * 11 + 17) % SURNAMES.length];
  return { name, surname: `${paterno} ${materno === paterno ? SURNAMES[(n + 1) % SURNAMES.length] : materno}`, document: String(72_310_000 + n * 4_817) };
}

/** A system user needs an e-mail in the users form (no password: these workers do not sign in). */
export function workerEmail(name: string, surname: string, n: number): string {
  const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
  return `${ascii(name)}.${ascii(surname.split(' ')[0])}${n}@obra.faena.pe`;
}
