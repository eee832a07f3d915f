import { formatDateSql } from '@shared/time';

/** A stream type as the log and the record history show it. `itemSql` reads the record's current
 * name from its read model (`l` is the log row; trusted SQL from code); `module` is the menu
 * module that owns the records (its `see` right opens their history); `link` says how a log line
 * links to the record: its module's list searched by name, the module's page, or nothing. */
export type LogTarget = {
  name: string;
  module: string | null;
  itemSql: string | null;
  link: 'query' | 'page' | null;
  /** Whether GET /history serves this type's streams. */
  history: boolean;
  /** The field of the event data that names the record this one belongs to (a model's brand, a
   * request's work order): the log row's `id_parent` (seeds 000 and 002, Log entry). */
  parent?: string;
};

const fullName = (alias: string) => `concat_ws(' ', ${alias}.name, NULLIF(${alias}.surname, ''))`;

/** Every stream type of the product, in the order of the target filter. */
export const logTargets: Readonly<Record<string, LogTarget>> = {
  marca: { name: 'Marca', module: '/marcas', itemSql: '(SELECT t.nombre FROM rm_marcas t WHERE t.id = l.target_id)', link: 'query', history: true },
  unidad: { name: 'Unidad', module: '/unidades', itemSql: '(SELECT t.nombre FROM rm_unidades t WHERE t.id = l.target_id)', link: 'query', history: true },
  modelo: { name: 'Modelo', module: '/modelos', itemSql: '(SELECT t.nombre FROM rm_modelos t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_marca' },
  role: { name: 'Perfil', module: '/roles', itemSql: '(SELECT t.name FROM rm_roles t WHERE t.id = l.target_id)', link: 'query', history: true },
  user: { name: 'Usuario', module: '/users', itemSql: `(SELECT ${fullName('t')} FROM rm_users t WHERE t.id = l.target_id)`, link: 'query', history: true },
  module: { name: 'Módulo', module: '/modules', itemSql: '(SELECT t.name FROM rm_modules t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_parent' },
  setting: { name: 'Configuración', module: '/settings', itemSql: "'General'", link: 'page', history: true },
  legal: { name: 'Texto legal', module: '/legal', itemSql: "'Términos y condiciones'", link: 'page', history: true },
  empresa: { name: 'Empresa', module: '/users', itemSql: '(SELECT t.nombre FROM rm_empresas t WHERE t.id = l.target_id)', link: null, history: true },
  obra: { name: 'Obra', module: '/obras', itemSql: '(SELECT t.nombre FROM rm_obras t WHERE t.id = l.target_id)', link: 'query', history: true },
  user_obra: {
    name: 'Asignación de obra',
    module: '/users',
    itemSql: '(SELECT o.nombre FROM rm_user_obras a JOIN rm_obras o ON o.id = a.id_obra WHERE a.id = l.target_id)',
    link: null,
    history: true, parent: 'id_user',
  },
  material_tipo: { name: 'Tipo de material', module: '/material_tipos', itemSql: '(SELECT t.nombre FROM rm_material_tipos t WHERE t.id = l.target_id)', link: 'query', history: true },
  conversion_unidad: { name: 'Conversión de unidad', module: '/conversion_unidades', itemSql: "(SELECT mt.nombre || ' → ' || u.nombre FROM rm_conversion_unidades t JOIN rm_material_tipos mt ON mt.id = t.id_material_tipo JOIN rm_unidades u ON u.id = t.id_unidad WHERE t.id = l.target_id)", link: null, history: true, parent: 'id_material_tipo' },
  material: { name: 'Material', module: '/materiales', itemSql: '(SELECT t.nombre FROM rm_materiales t WHERE t.id = l.target_id)', link: 'query', history: true },
  grupo_funcional: { name: 'Grupo funcional', module: '/grupos_funcionales', itemSql: '(SELECT t.nombre FROM rm_grupos_funcionales t WHERE t.id = l.target_id)', link: 'query', history: true },
  grupo_funcional_elemento: { name: 'Elemento de grupo funcional', module: '/grupo_funcional_elementos', itemSql: '(SELECT t.nombre FROM rm_grupo_funcional_elementos t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_grupo_funcional' },
  recurso: { name: 'Recurso', module: '/recursos', itemSql: "(SELECT t.codigo || ' - ' || t.nombre FROM rm_recursos t WHERE t.id = l.target_id)", link: 'query', history: true },
  solicitud_clasificacion: { name: 'Clasificación de solicitud', module: '/solicitudes_clasificaciones', itemSql: '(SELECT t.nombre FROM rm_solicitudes_clasificaciones t WHERE t.id = l.target_id)', link: 'query', history: true },
  tipo_mantenimiento: { name: 'Tipo de mantenimiento', module: '/tipos_mantenimiento', itemSql: "(SELECT t.sigla || ' - ' || t.nombre FROM rm_tipos_mantenimiento t WHERE t.id = l.target_id)", link: 'query', history: true },
  tipo_cambio: { name: 'Tipo de cambio', module: '/settings', itemSql: "(SELECT t.moneda || ' ' || t.mes FROM rm_tipos_cambio t WHERE t.id = l.target_id)", link: null, history: true },
  solicitud_tipo: { name: 'Tipo de solicitud', module: '/solicitudes_tipos', itemSql: '(SELECT t.nombre FROM rm_solicitudes_tipos t WHERE t.id = l.target_id)', link: 'query', history: true },
  centro_costo_indirecto: { name: 'Centro de costo indirecto', module: '/centros_costo_indirectos', itemSql: "(SELECT t.codigo || ' - ' || t.nombre FROM rm_centros_costo_indirectos t WHERE t.id = l.target_id)", link: 'query', history: true },
  centro_costo_indirecto_elemento: {
    name: 'Elemento de centro de costo indirecto',
    module: '/centro_costo_indirecto_elementos',
    itemSql: "(SELECT t.codigo || ' - ' || t.nombre FROM rm_centro_costo_indirecto_elementos t WHERE t.id = l.target_id)",
    link: 'query',
    history: true, parent: 'id_centro_costo_indirecto',
  },
  frente_obra: {
    name: 'Frente de obra',
    module: '/frentes_obra',
    itemSql: "(SELECT o.codigo || ' / ' || t.codigo || ' - ' || t.nombre FROM rm_frentes_obra t JOIN rm_obras o ON o.id = t.id_obra WHERE t.id = l.target_id)",
    link: 'query',
    history: true,
  },
  movilizacion_tipo: { name: 'Tipo de centro de costo de terceros', module: '/movilizacion_tipos', itemSql: '(SELECT t.nombre FROM rm_movilizacion_tipos t WHERE t.id = l.target_id)', link: 'query', history: true },
  equipo_grupo: { name: 'Grupo de equipo', module: '/equipo_grupos', itemSql: '(SELECT t.nombre FROM rm_equipo_grupos t WHERE t.id = l.target_id)', link: 'query', history: true },
  equipo_subgrupo: { name: 'Subgrupo de equipo', module: '/equipo_subgrupos', itemSql: '(SELECT t.nombre FROM rm_equipo_subgrupos t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_equipo_grupo' },
  equipo_producto: { name: 'Producto de equipo', module: '/equipo_productos', itemSql: '(SELECT t.nombre FROM rm_equipo_productos t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_equipo_subgrupo' },
  equipo: { name: 'Equipo', module: '/equipos', itemSql: '(SELECT t.codigo FROM rm_equipos t WHERE t.id = l.target_id)', link: 'query', history: true },
  horometro: {
    name: 'Registro de horómetro',
    module: '/horometros',
    itemSql: `(SELECT e.codigo || ' ' || ${formatDateSql('t.fecha')} FROM rm_horometros t JOIN rm_equipos e ON e.id = t.id_equipo WHERE t.id = l.target_id)`,
    link: null,
    history: true,
  },
  purchase_request: { name: 'Solicitud', module: '/solicitudes_compras', itemSql: '(SELECT t.codigo FROM rm_solicitudes_compras t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_orden_trabajo' },
  work_order: { name: 'Orden de trabajo', module: '/ordenes_trabajo', itemSql: '(SELECT t.codigo FROM rm_ordenes_trabajo t WHERE t.id = l.target_id)', link: 'query', history: true, parent: 'id_equipo' },
  session: { name: 'Sesión', module: '/sessions', itemSql: null, link: null, history: false },
  notification: {
    name: 'Notificación',
    module: null,
    itemSql: `(SELECT ${fullName('t')} FROM rm_notifications n JOIN rm_users t ON t.id = n.id_user WHERE n.id = l.target_id)`,
    link: null,
    history: false,
  },
};
