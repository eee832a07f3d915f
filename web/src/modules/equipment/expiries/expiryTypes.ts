// A row of GET /vencimientos: the server's reply type (services/api/equipment/expiries/expiry-list.ts).
import type { ListRow } from '@shared/contracts/platform';
import type { expiryRow } from '@shared/contracts/equipment';

export type ExpiryRow = ListRow<typeof expiryRow>;
