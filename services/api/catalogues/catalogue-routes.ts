import type { AnyRoute } from '../platform/route';
import { conversionUnidadesRoutes } from './conversion-unidades';
import { equipoGruposRoutes } from './equipo-grupos';
import { equipoProductosRoutes } from './equipo-productos';
import { equipoSubgruposRoutes } from './equipo-subgrupos';
import { grupoFuncionalElementosRoutes } from './grupo-funcional-elementos';
import { gruposFuncionalesRoutes } from './grupos-funcionales';
import { marcasRoutes } from './marcas';
import { materialTiposRoutes } from './material-tipos';
import { materialesRoutes } from './materiales';
import { modelosRoutes } from './modelos';
import { unidadesRoutes } from './unidades';

/** The master-data catalogues (seed 001 §2, §3 'Master data', §5, §7): each a list with its
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
  ];
}
