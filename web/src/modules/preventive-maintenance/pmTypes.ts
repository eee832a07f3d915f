// The preventive-maintenance board's rows and a machine's plans: the server's reply types
// (services/api/preventive-maintenance/pm-contracts.ts).
export type { PmBoardRow, PmPlansReply, PmPlanItem } from '@api/preventive-maintenance/pm-contracts';
