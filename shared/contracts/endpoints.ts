import { centralWarehouseEndpoints } from './central-warehouse';
import { horometroEndpoints } from './hour-meters';
import { purchaseRequestEndpoints } from './purchase-requests';
import { siteWarehouseEndpoints } from './site-warehouse';
import { workOrderEndpoints } from './work-orders';

/** Every call described in the contracts (shared/contracts/endpoint.ts): the web's typed client
 * accepts only these, and tests/contract/endpoints.unit.test.ts checks the API mounts each one. */
export const endpoints = [...purchaseRequestEndpoints, ...siteWarehouseEndpoints, ...centralWarehouseEndpoints, ...workOrderEndpoints, ...horometroEndpoints] as const;

export type AnyEndpoint = (typeof endpoints)[number];
