import type { AnyRoute } from '../platform/route';
import { centroCostoIndirectoElementosRoutes } from './centro-costo-indirecto-elementos';
import { centrosCostoIndirectosRoutes } from './centros-costo-indirectos';
import { conversionUnidadesRoutes } from './conversion-unidades';
import { equipoGruposRoutes } from './equipo-grupos';
import { frentesObraRoutes } from './frentes-obra';
import { equipoProductosRoutes } from './equipo-productos';
import { equipoSubgruposRoutes } from './equipo-subgrupos';
import { grupoFuncionalElementosRoutes } from './grupo-funcional-elementos';
import { gruposFuncionalesRoutes } from './grupos-funcionales';
import { marcasRoutes } from './marcas';
import { materialTiposRoutes } from './material-tipos';
import { materialesRoutes } from './materiales';
import { modelosRoutes } from './modelos';
import { movilizacionTiposRoutes } from './movilizacion-tipos';
import { recursosRoutes } from './recursos';
import { solicitudesClasificacionesRoutes } from './solicitudes-clasificaciones';
import { solicitudesTiposRoutes } from './solicitudes-tipos';
import { tiposMantenimientoRoutes } from './tipos-mantenimiento';
import { unidadesRoutes } from './unidades';

/** The master-data catalogues (seed 001 §2, §3 'Master data', §5, §7) and the purchase-request ones: each a list with its
 * export, the generic modal CRUD and its lookups, on the shared mechanisms. Access is by module
 * (the admin profile edits them all); lookups only need a session. */
export function catalogueRoutes(): AnyRoute[] {
  return [
    ...unidadesRoutes(),
    ...conversionUnidadesRoutes(),
    ...marcasRoutes(),
    ...modelosRoutes(),
    ...gruposFuncionalesRoutes(),
    ...grupoFuncionalElementosRoutes(),
    ...equipoGruposRoutes(),
    ...equipoSubgruposRoutes(),
    ...equipoProductosRoutes(),
    ...materialesRoutes(),
    ...materialTiposRoutes(),
    // The purchase-request catalogues seed 002 names by id only (SEED-002-ANALYSIS ambiguity 8).
    ...recursosRoutes(),
    ...solicitudesClasificacionesRoutes(),
    ...solicitudesTiposRoutes(),
    ...centrosCostoIndirectosRoutes(),
    ...centroCostoIndirectoElementosRoutes(),
    ...movilizacionTiposRoutes(),
    // The work order's maintenance type (issue 19): the reports' MP, MC and MCD.
    ...tiposMantenimientoRoutes(),
    // The fronts of a work site (issue 29) a request names.
    ...frentesObraRoutes(),
  ];
}
