// A row of GET /horometros: the server's reply type (services/api/hour-meters/horometro-contracts.ts).
export type { HorometroRow } from '@shared/contracts/hour-meters';
