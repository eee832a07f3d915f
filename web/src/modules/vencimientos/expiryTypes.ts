// A row of GET /vencimientos: the server's reply type (services/api/equipos/expiries/expiry-list.ts).
import type { ListRow } from '@api/platform/define-list';
import type { expiryRow } from '@api/equipos/expiries/expiry-list';

export type ExpiryRow = ListRow<typeof expiryRow>;
