// The replies of the equipment calls: the server's reply types (services/api/equipment/equipo-contracts.ts).
export type {
  AmortizationItem,
  AmortizationMonth,
  EquipoDocumento,
  EquipoItem,
  EquipoRow,
  InsuranceMonth,
  MonthState,
  Movement,
} from '@shared/contracts/equipment';

/** What the row menu opens for a machine. */
export type EquipoTarget = { id: number; codigo: string; descripcion: string | null };
