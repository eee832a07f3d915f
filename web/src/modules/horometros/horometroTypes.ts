// A row of GET /horometros: the server's reply type (services/api/horometros/horometro-contracts.ts).
export type { HorometroRow } from '@shared/contracts/horometros';
