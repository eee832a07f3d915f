import { historyRoutes } from './admin/history/history-routes';
import { legalRoutes } from './admin/legal/legal-routes';
import { logRoutes } from './admin/logs/log-routes';
import { moduleRoutes } from './admin/modules/module-routes';
import { roleRoutes } from './admin/roles/role-routes';
import { settingsRoutes } from './admin/settings/settings-routes';
import { tiposCambioRoutes } from './admin/settings/tipos-cambio';
import { siteLookupRoutes } from './admin/sites/site-lookups';
import { userRoutes } from './admin/users/user-routes';
import { authRoutes } from './auth/auth-routes';
import { profileRoutes } from './auth/profile-routes';
import { catalogueRoutes } from './catalogues/catalogue-routes';
import { equipoRoutes } from './equipment/equipment-routes';
import { expiryList } from './equipment/expiries/expiry-list';
import { horometroRoutes } from './hour-meters/hour-meter-routes';
import { liveRoutes } from './live/live-routes';
import { obrasRoutes } from './sites/sites-routes';
import { defineRoute, fileReply, type AnyRoute } from './platform/route';
import { parseUploadName } from './platform/upload/parseUploadName';
import { readUpload } from './platform/upload/readUpload';
import { ApiError, NOT_FOUND } from './platform/api-error';
import { can } from './platform/principal';
import { sessionRoutes } from './sessions/session-routes';
import { workOrderRoutes } from './work-orders/work-order-routes';
import { purchaseRequestRoutes } from './purchase-requests/purchase-request-routes';
import { siteWarehouseRoutes } from './site-warehouse/site-warehouse-routes';
import { materialRequestRoutes } from './site-warehouse/material-requests';
import { siteIssueRoutes } from './site-warehouse/site-issues';
import { siteReceiptRoutes } from './site-warehouse/site-receipts';
import { centralTransferRoutes } from './central-warehouse/central-transfers';
import { centralWarehouseRoutes } from './central-warehouse/central-warehouse-routes';
import { stockRoutes } from './stock/stock-routes';
import { traceabilityRoutes } from './traceability/traceability-routes';
import { kpiRoutes } from './kpis/kpi-routes';
import { pmRoutes } from './preventive-maintenance/pm-routes';
import { profitRoutes } from './profitability/profit-routes';
import { generatorRoutes } from './profitability/generator/generator-routes';
import { transferRequestRoutes } from './central-warehouse/transfer-requests';
import { noPayload } from '@shared/contracts/platform';
import { openApiDocument } from './openapi';

/** The OpenAPI document, built on first request (the route table does not change while running). */
let openApi: string | null = null;

/** The route table: every call of the API, with its module, right and schemas. docs/API.md is
 * generated from it (npm run docs:api) and the contract tests walk it. */
export function allRoutes(): AnyRoute[] {
  return withSeedNames([
    defineRoute({
      method: 'GET',
      path: '/health',
      access: { kind: 'public' },
      summary: 'Estado del servicio (base de datos alcanzable)',
      output: noPayload(),
      async handler({ deps }) {
        await deps.sql`SELECT 1`;
        return {};
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/uploads/:file',
      access: { kind: 'signed_in' },
      summary: 'Archivo subido (solo usuarios con sesión; la firma de una persona, solo a ella y a quien administra usuarios); se guardan fuera de la raíz web',
      output: fileReply('application/octet-stream'),
      async handler({ c, deps, principal }) {
        const name = c.req.param('file') ?? '';
        if (parseUploadName(name) === null) throw new ApiError(404, NOT_FOUND);
        // Staff personal data (issue 13 §10): a signature is its owner's, the users
        // administration's, and the documents' that print it (rendered on the server).
        const [owner] = await deps.sql<{ id: number }[]>`SELECT id FROM rm_users WHERE pic_firma = ${name} LIMIT 1`;
        if (owner && Number(owner.id) !== principal.userId && !can(principal, '/users', 'see')) throw new ApiError(404, NOT_FOUND);
        const file = await readUpload(deps.config.uploadsDir, name);
        if (!file) throw new ApiError(404, NOT_FOUND);
        return new Response(file.stream, {
          headers: { 'content-type': file.mime, 'content-length': String(file.size), 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' },
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      access: { kind: 'signed_in' },
      summary: 'Documento OpenAPI 3.1 de la API, generado desde la tabla de rutas (la referencia interactiva está en /api/docs)',
      output: fileReply('application/json'),
      async handler() {
        openApi ??= JSON.stringify(openApiDocument(allRoutes()));
        return new Response(openApi, { headers: { 'content-type': 'application/json; charset=utf-8' } });
      },
    }),
    ...authRoutes(),
    ...profileRoutes(),
    ...liveRoutes(),
    ...sessionRoutes(),
    ...catalogueRoutes(),
    ...equipoRoutes(),
    ...moduleRoutes(),
    ...roleRoutes(),
    ...userRoutes(),
    ...siteLookupRoutes(),
    ...obrasRoutes(),
    ...logRoutes(),
    ...historyRoutes(),
    ...legalRoutes(),
    ...settingsRoutes(),
    ...tiposCambioRoutes(),
    ...workOrderRoutes(),
    ...purchaseRequestRoutes(),
    ...siteWarehouseRoutes(),
    ...materialRequestRoutes(),
    ...siteReceiptRoutes(),
    ...siteIssueRoutes(),
    ...centralWarehouseRoutes(),
    ...centralTransferRoutes(),
    ...transferRequestRoutes(),
    ...stockRoutes(),
    ...traceabilityRoutes(),
    ...kpiRoutes(),
    ...pmRoutes(),
    ...profitRoutes(),
    ...generatorRoutes(),
    ...horometroRoutes(),
    ...expiryList(),
  ]);
}

/** Calls a seed names differently from the product (seed 002 §7): both names answer, as one
 * route (the same access, schemas and handler), and both are in the OpenAPI document. */
export const SEED_NAMES: readonly { method: 'GET' | 'POST'; path: string; sameAs: string }[] = [
  { method: 'GET', path: '/fil_datas/gruposFuncionales', sameAs: '/fil_datas/grupos_funcionales' },
  { method: 'POST', path: '/almacen_obra_ots/save', sameAs: '/almacen_obra_ots/create' },
  { method: 'POST', path: '/almacen_central_ots/save', sameAs: '/almacen_central_ots/create' },
];

function withSeedNames(routes: AnyRoute[]): AnyRoute[] {
  const aliases = SEED_NAMES.map(({ method, path, sameAs }) => {
    const route = routes.find((r) => r.method === method && r.path === sameAs);
    if (!route) throw new Error(`${method} ${path}: no route ${sameAs}`);
    return { ...route, path, summary: `${route.summary} (nombre del seed 002; igual que ${sameAs})` };
  });
  return [...routes, ...aliases];
}
