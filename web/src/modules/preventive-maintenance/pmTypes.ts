// The preventive-maintenance board's rows and a machine's plans: the server's reply types
// (services/api/preventive-maintenance/pm-contracts.ts).
export type { PmBoardRow, PmPlansReply, PmPlanItem, PmPlanProductoItem } from '@shared/contracts/preventive-maintenance';

/** A machine as the plans dialog names it. */
export type PmEquipoTarget = { id: number; codigo: string; descripcion: string | null };
