// A row of GET /vencimientos: the server's reply type (services/api/equipos/expiries/expiry-list.ts).
import type { ListRow } from '@shared/contracts/platform';
import type { expiryRow } from '@shared/contracts/equipos';

export type ExpiryRow = ListRow<typeof expiryRow>;
