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
};

const fullName = (alias: string) => `concat_ws(' ', ${alias}.name, NULLIF(${alias}.surname, ''))`;

/** Every stream type of the product, in the order of the target filter. */
export const logTargets: Readonly<Record<string, LogTarget>> = {
  marca: { name: 'Marca', module: '/marcas', itemSql: '(SELECT t.nombre FROM rm_marcas t WHERE t.id = l.target_id)', link: 'query', history: true },
  unidad: { name: 'Unidad', module: '/unidades', itemSql: '(SELECT t.nombre FROM rm_unidades t WHERE t.id = l.target_id)', link: 'query', history: true },
  modelo: { name: 'Modelo', module: '/modelos', itemSql: '(SELECT t.nombre FROM rm_modelos t WHERE t.id = l.target_id)', link: 'query', history: true },
  role: { name: 'Perfil', module: '/roles', itemSql: '(SELECT t.name FROM rm_roles t WHERE t.id = l.target_id)', link: 'query', history: true },
  user: { name: 'Usuario', module: '/users', itemSql: `(SELECT ${fullName('t')} FROM rm_users t WHERE t.id = l.target_id)`, link: 'query', history: true },
  module: { name: 'Módulo', module: '/modules', itemSql: '(SELECT t.name FROM rm_modules t WHERE t.id = l.target_id)', link: 'query', history: true },
  setting: { name: 'Configuración', module: '/settings', itemSql: "'General'", link: 'page', history: true },
  legal: { name: 'Texto legal', module: '/legal', itemSql: "'Términos y condiciones'", link: 'page', history: true },
  empresa: { name: 'Empresa', module: '/users', itemSql: '(SELECT t.nombre FROM rm_empresas t WHERE t.id = l.target_id)', link: null, history: true },
  obra: { name: 'Obra', module: '/obras', itemSql: '(SELECT t.nombre FROM rm_obras t WHERE t.id = l.target_id)', link: 'query', history: true },
  user_obra: {
    name: 'Asignación de obra',
    module: '/users',
    itemSql: '(SELECT o.nombre FROM rm_user_obras a JOIN rm_obras o ON o.id = a.id_obra WHERE a.id = l.target_id)',
    link: null,
    history: true,
  },
  session: { name: 'Sesión', module: '/sessions', itemSql: null, link: null, history: false },
  notification: {
    name: 'Notificación',
    module: null,
    itemSql: `(SELECT ${fullName('t')} FROM rm_notifications n JOIN rm_users t ON t.id = n.id_user WHERE n.id = l.target_id)`,
    link: null,
    history: false,
  },
};
