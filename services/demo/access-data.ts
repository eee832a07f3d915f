import { isAdminRole, isRootRole } from '@shared/roles';
import { execute } from '../../events/execute';
import { createRecord, recordAggregate } from '../../events/record/commands';
import type { EventStore } from '../../events/store';
import { hashPassword } from '../api/auth/internal/password';
import { DEFAULT_LANGUAGE_ID } from '../api/auth/me';

// The menu (modules), the profiles of seed 000 §6 with their rights, and one demo user per
// profile. Loaded through the record commands, so the demo lands in the event log.

type MenuItem = { name: string; en: string; tr: string; ar: string; url?: string; icon: string; root?: boolean; children?: MenuItem[] };

/** The UI kit's demonstration list (seed 000 §2: '/example', a sample item under Applications):
 * the playground the kit's browser tests run on (paging, export, rights, live refresh). Loaded only
 * with `kit` (the tests' databases), never in the product's demo menu (issue 14 §8). */
export const KIT_MENU: MenuItem = { name: 'Aplicaciones', en: 'Applications', tr: 'Uygulamalar', ar: 'التطبيقات', icon: 'apps', children: [
  { name: 'Ejemplo', en: 'Example', tr: 'Örnek', ar: 'مثال', url: '/example', icon: 'star' },
] };

export const MENU: MenuItem[] = [
  { name: 'Mantenimiento', en: 'Maintenance', tr: 'Bakım', ar: 'الصيانة', icon: 'build', children: [
    { name: 'Órdenes de trabajo', en: 'Work orders', tr: 'İş emirleri', ar: 'أوامر العمل', url: '/ordenes_trabajo', icon: 'assignment' },
    { name: 'Equipos', en: 'Equipment', tr: 'Ekipmanlar', ar: 'المعدات', url: '/equipos', icon: 'local_shipping' },
    { name: 'Horómetros', en: 'Hour meters', tr: 'Saat sayaçları', ar: 'عدادات الساعات', url: '/horometros', icon: 'timer' },
    { name: 'Obras', en: 'Work sites', tr: 'Şantiyeler', ar: 'مواقع العمل', url: '/obras', icon: 'location_city' },
    { name: 'Frentes de obra', en: 'Work-site fronts', tr: 'Şantiye cepheleri', ar: 'جبهات موقع العمل', url: '/frentes_obra', icon: 'place' },
    { name: 'Mantenimiento preventivo', en: 'Preventive maintenance', tr: 'Önleyici bakım', ar: 'الصيانة الوقائية', url: '/mantenimiento_preventivo', icon: 'event_repeat' },
    { name: 'Vencimientos', en: 'Expiries', tr: 'Son geçerlilik tarihleri', ar: 'تواريخ الانتهاء', url: '/vencimientos', icon: 'notifications' },
    { name: 'Empresas', en: 'Companies', tr: 'Şirketler', ar: 'الشركات', url: '/empresas', icon: 'business' },
    { name: 'Tipos de mantenimiento', en: 'Maintenance types', tr: 'Bakım türleri', ar: 'أنواع الصيانة', url: '/tipos_mantenimiento', icon: 'category' },
  ] },
  { name: 'Compras', en: 'Purchasing', tr: 'Satın alma', ar: 'المشتريات', icon: 'shopping_cart', children: [
    { name: 'Solicitudes', en: 'Purchase requests', tr: 'Satın alma talepleri', ar: 'طلبات الشراء', url: '/solicitudes_compras', icon: 'request_quote' },
    { name: 'Productos solicitados', en: 'Requested products', tr: 'Talep edilen ürünler', ar: 'المنتجات المطلوبة', url: '/solicitud_compra_productos', icon: 'inventory' },
    { name: 'Historial de solicitudes', en: 'Request log', tr: 'Talep geçmişi', ar: 'سجل الطلبات', url: '/solicitud_compra_logs', icon: 'history' },
    { name: 'Recursos', en: 'Resources', tr: 'Kaynaklar', ar: 'الموارد', url: '/recursos', icon: 'construction' },
    { name: 'Tipos de solicitud', en: 'Request types', tr: 'Talep türleri', ar: 'أنواع الطلبات', url: '/solicitudes_tipos', icon: 'category' },
    { name: 'Clasificaciones de solicitud', en: 'Request classifications', tr: 'Talep sınıflandırmaları', ar: 'تصنيفات الطلبات', url: '/solicitudes_clasificaciones', icon: 'label' },
    { name: 'Centros de costo indirectos', en: 'Indirect cost centres', tr: 'Dolaylı maliyet merkezleri', ar: 'مراكز التكلفة غير المباشرة', url: '/centros_costo_indirectos', icon: 'monetization_on' },
    { name: 'Elementos de centro de costo', en: 'Cost centre elements', tr: 'Maliyet merkezi öğeleri', ar: 'عناصر مراكز التكلفة', url: '/centro_costo_indirecto_elementos', icon: 'widgets' },
    { name: 'Tipos de centro de costo de terceros', en: 'Third-party cost centre types', tr: 'Üçüncü taraf maliyet merkezi türleri', ar: 'أنواع مراكز تكلفة الأطراف الثالثة', url: '/movilizacion_tipos', icon: 'handyman' },
  ] },
  { name: 'Almacén de obra', en: 'Site warehouse', tr: 'Şantiye deposu', ar: 'مستودع الموقع', icon: 'warehouse', children: [
    { name: 'Pedidos', en: 'Orders', tr: 'Siparişler', ar: 'الطلبيات', url: '/almacen_obra_ots', icon: 'list_alt' },
    { name: 'Entradas', en: 'Receipts', tr: 'Girişler', ar: 'الواردات', url: '/almacen_obra_entradas', icon: 'move_to_inbox' },
    { name: 'Salidas', en: 'Issues', tr: 'Çıkışlar', ar: 'الصادرات', url: '/almacen_obra_salidas', icon: 'outbox' },
    { name: 'Histórico de salidas', en: 'Issue history', tr: 'Çıkış geçmişi', ar: 'سجل الصادرات', url: '/almacen_obra_historico_salidas', icon: 'history' },
  ] },
  { name: 'Almacén central', en: 'Central warehouse', tr: 'Merkez depo', ar: 'المستودع المركزي', icon: 'store', children: [
    { name: 'Pedidos', en: 'Orders', tr: 'Siparişler', ar: 'الطلبيات', url: '/almacen_central_ots', icon: 'list_alt' },
    { name: 'Archivos de ingreso', en: 'Entry files', tr: 'Giriş dosyaları', ar: 'ملفات الإدخال', url: '/almacen_central_entradas_archivos', icon: 'upload_file' },
    { name: 'Ingresos', en: 'Entries', tr: 'Girişler', ar: 'الإدخالات', url: '/almacen_central_entradas', icon: 'input' },
    { name: 'Traslado de materiales', en: 'Material transfers', tr: 'Malzeme transferi', ar: 'نقل المواد', url: '/almacen_central_traslado_materiales', icon: 'local_shipping' },
    { name: 'Solicitud de traslado', en: 'Transfer requests', tr: 'Transfer talepleri', ar: 'طلبات النقل', url: '/traslado_materiales', icon: 'swap_horiz' },
    { name: 'Stock por almacén', en: 'Stock by warehouse', tr: 'Depo bazında stok', ar: 'المخزون حسب المستودع', url: '/stock_almacen', icon: 'inventory' },
    { name: 'Kárdex', en: 'Stock ledger', tr: 'Stok defteri', ar: 'سجل المخزون', url: '/stock_movimientos', icon: 'receipt_long' },
  ] },
  { name: 'Reportes', en: 'Reports', tr: 'Raporlar', ar: 'التقارير', icon: 'insights', children: [
    { name: 'KPIs de equipos', en: 'Equipment KPIs', tr: 'Ekipman KPI', ar: 'مؤشرات المعدات', url: '/kpis_equipos', icon: 'speed' },
    { name: 'KPIs generales', en: 'General KPIs', tr: 'Genel KPI', ar: 'المؤشرات العامة', url: '/kpis_generales', icon: 'dashboard' },
    { name: 'Reporte de KPIs', en: 'KPI report', tr: 'KPI raporu', ar: 'تقرير المؤشرات', url: '/kpis_reporte', icon: 'summarize' },
    { name: 'Rentabilidad', en: 'Profitability', tr: 'Kârlılık', ar: 'الربحية', url: '/rentabilidad', icon: 'paid' },
    { name: 'Reporte de rentabilidad', en: 'Profitability report', tr: 'Kârlılık raporu', ar: 'تقرير الربحية', url: '/reporte_rentabilidad', icon: 'bar_chart' },
    { name: 'Trazabilidad global', en: 'Global traceability', tr: 'Genel izlenebilirlik', ar: 'التتبع الشامل', url: '/trazabilidad_global', icon: 'timeline' },
    { name: 'Trazabilidad por OT', en: 'Work order traceability', tr: 'İş emri izlenebilirliği', ar: 'تتبع أمر العمل', url: '/trazabilidad_ot', icon: 'route' },
  ] },
  { name: 'Maestros', en: 'Master data', tr: 'Ana veriler', ar: 'البيانات الأساسية', icon: 'dataset', children: [
    { name: 'Unidades', en: 'Units', tr: 'Birimler', ar: 'الوحدات', url: '/unidades', icon: 'straighten' },
    { name: 'Conversión de unidades', en: 'Unit conversions', tr: 'Birim dönüşümleri', ar: 'تحويل الوحدات', url: '/conversion_unidades', icon: 'sync_alt' },
    { name: 'Marcas', en: 'Brands', tr: 'Markalar', ar: 'العلامات التجارية', url: '/marcas', icon: 'sell' },
    { name: 'Modelos', en: 'Models', tr: 'Modeller', ar: 'الطرازات', url: '/modelos', icon: 'category' },
    { name: 'Grupos funcionales', en: 'Functional groups', tr: 'Fonksiyonel gruplar', ar: 'المجموعات الوظيفية', url: '/grupos_funcionales', icon: 'account_tree' },
    { name: 'Elementos de grupo funcional', en: 'Functional group elements', tr: 'Grup öğeleri', ar: 'عناصر المجموعات', url: '/grupo_funcional_elementos', icon: 'schema' },
    { name: 'Grupos de equipo', en: 'Equipment groups', tr: 'Ekipman grupları', ar: 'مجموعات المعدات', url: '/equipo_grupos', icon: 'workspaces' },
    { name: 'Subgrupos de equipo', en: 'Equipment subgroups', tr: 'Ekipman alt grupları', ar: 'المجموعات الفرعية', url: '/equipo_subgrupos', icon: 'workspaces_outline' },
    { name: 'Productos de equipo', en: 'Equipment products', tr: 'Ekipman ürünleri', ar: 'منتجات المعدات', url: '/equipo_productos', icon: 'precision_manufacturing' },
    { name: 'Materiales', en: 'Materials', tr: 'Malzemeler', ar: 'المواد', url: '/materiales', icon: 'inventory_2' },
    { name: 'Tipos de material', en: 'Material types', tr: 'Malzeme türleri', ar: 'أنواع المواد', url: '/material_tipos', icon: 'label' },
  ] },
  { name: 'Administración', en: 'Administration', tr: 'Yönetim', ar: 'الإدارة', icon: 'admin_panel_settings', children: [
    { name: 'Módulos', en: 'Modules', tr: 'Modüller', ar: 'الوحدات', url: '/modules', icon: 'view_module', root: true },
    { name: 'Perfiles', en: 'Profiles', tr: 'Profiller', ar: 'الملفات الشخصية', url: '/roles', icon: 'badge' },
    { name: 'Usuarios', en: 'Users', tr: 'Kullanıcılar', ar: 'المستخدمون', url: '/users', icon: 'group' },
    { name: 'Sesiones', en: 'Sessions', tr: 'Oturumlar', ar: 'الجلسات', url: '/sessions', icon: 'devices' },
    { name: 'Registros', en: 'Logs', tr: 'Kayıtlar', ar: 'السجلات', url: '/logs', icon: 'receipt_long' },
    { name: 'Legal', en: 'Legal', tr: 'Yasal', ar: 'قانوني', url: '/legal', icon: 'gavel' },
    { name: 'Configuración', en: 'Settings', tr: 'Ayarlar', ar: 'الإعدادات', url: '/settings', icon: 'settings' },
  ] },
];

type Grant = 'see' | 'edit';

/** Seed 000 §6 profile ids. Rights by module url; root (1) has every right without a table.
 * Master data (the 'Maestros' group) is the admin profile's (seed 001 §2, §6): other profiles
 * read the catalogues they need through the lookups (docs/DECISIONS.md, "Master data"). */
export const PROFILES: { id: number; name: string; system_user: number; admin?: number; horometros?: number; home: string; grants: Record<string, Grant> }[] = [
  { id: 1, name: 'root', system_user: 1, admin: 1, home: '/ordenes_trabajo', grants: {} },
  { id: 16, name: 'admin', system_user: 1, admin: 1, horometros: 1, home: '/ordenes_trabajo', grants: { '*': 'edit' } },
  { id: 17, name: 'jefe de equipos', system_user: 1, horometros: 1, home: '/ordenes_trabajo', grants: {
    '/ordenes_trabajo': 'edit', '/equipos': 'edit', '/horometros': 'edit', '/mantenimiento_preventivo': 'edit', '/vencimientos': 'see', '/obras': 'see', '/solicitudes_compras': 'edit',
    '/solicitud_compra_productos': 'see', '/solicitud_compra_logs': 'see', '/kpis_equipos': 'see', '/kpis_generales': 'see',
    '/kpis_reporte': 'see', '/reporte_rentabilidad': 'see', '/trazabilidad_global': 'see', '/trazabilidad_ot': 'see' } },
  { id: 15, name: 'supervisor de equipos', system_user: 1, horometros: 1, home: '/ordenes_trabajo', grants: {
    '/ordenes_trabajo': 'edit', '/horometros': 'edit', '/vencimientos': 'see', '/equipos': 'see', '/mantenimiento_preventivo': 'see', '/solicitudes_compras': 'edit', '/solicitud_compra_logs': 'see',
    '/trazabilidad_ot': 'see' } },
  { id: 14, name: 'mecánico', system_user: 1, home: '/ordenes_trabajo', grants: { '/ordenes_trabajo': 'edit', '/equipos': 'see' } },
  { id: 11, name: 'operador', system_user: 0, home: '/ordenes_trabajo', grants: {} },
  { id: 9, name: 'asistente de equipos', system_user: 1, horometros: 1, home: '/equipos', grants: {
    '/equipos': 'edit', '/horometros': 'edit', '/vencimientos': 'see', '/obras': 'see', '/ordenes_trabajo': 'see' } },
  { id: 18, name: 'almacén ATE', system_user: 1, home: '/almacen_central_ots', grants: {
    '/almacen_central_ots': 'edit', '/almacen_central_entradas_archivos': 'edit', '/almacen_central_entradas': 'edit',
    '/almacen_central_traslado_materiales': 'edit', '/traslado_materiales': 'edit', '/solicitud_compra_productos': 'see',
    '/stock_almacen': 'see', '/stock_movimientos': 'see' } },
  { id: 19, name: 'almacén obra', system_user: 1, home: '/almacen_obra_ots', grants: {
    '/almacen_obra_ots': 'edit', '/almacen_obra_entradas': 'edit', '/almacen_obra_salidas': 'edit', '/almacen_obra_historico_salidas': 'see',
    '/ordenes_trabajo': 'see', '/traslado_materiales': 'see', '/stock_almacen': 'see', '/stock_movimientos': 'see' } },
];

/** The demo password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Faena2026!';

export const DEMO_USERS: { role: number; name: string; surname: string; email: string | null; document: string; flags?: Record<string, number> }[] = [
  { role: 1, name: 'Root', surname: 'Faena', email: 'root@faena.pe', document: '00000001' },
  { role: 16, name: 'Ana', surname: 'Quispe Rojas', email: 'admin@faena.pe', document: '41234567', flags: { can_approve_requests: 1, can_create_request: 1 } },
  { role: 17, name: 'Jorge', surname: 'Huamán Torres', email: 'jefe@faena.pe', document: '42345678', flags: { can_approve_requests: 1, can_create_request: 1 } },
  { role: 15, name: 'Carlos', surname: 'Mendoza Flores', email: 'supervisor@faena.pe', document: '43456789', flags: { can_create_request: 1 } },
  { role: 14, name: 'Luis', surname: 'Ccori Mamani', email: 'mecanico@faena.pe', document: '44567890' },
  { role: 11, name: 'Pedro', surname: 'Condori Apaza', email: null, document: '45678901' },
  { role: 9, name: 'María', surname: 'Salazar Vega', email: 'asistente@faena.pe', document: '46789012' },
  { role: 18, name: 'Rosa', surname: 'Chávez Ramos', email: 'almacen.central@faena.pe', document: '47890123' },
  { role: 19, name: 'Miguel', surname: 'Paredes Lazo', email: 'almacen.obra@faena.pe', document: '48901234', flags: { can_create_request: 1 } },
];

export async function loadAccessData(store: EventStore, options: { kit?: boolean } = {}): Promise<{ modules: number; roles: number; users: number }> {
  const metadata = { userId: null, requestId: 'demo-data' };
  const moduleIds = new Map<string, number>();
  const menu = options.kit ? [KIT_MENU, ...MENU] : MENU;
  let orden = 0;
  for (const group of menu) {
    const g = await createRecord(store, 'module', {
      id_type_user: 1, id_parent: null, type: 'group', name: group.name, translate: { es: group.name, en: group.en, tr: group.tr, ar: group.ar },
      icon: group.icon, url: null, section: group.name, level: 0, orden: orden++, root: 0, estado: 1,
    }, { metadata });
    let childOrden = 0;
    for (const item of group.children ?? []) {
      const m = await createRecord(store, 'module', {
        id_type_user: 1, id_parent: g.id, type: 'item', name: item.name, translate: { es: item.name, en: item.en, tr: item.tr, ar: item.ar },
        icon: item.icon, url: item.url, section: group.name, level: 1, orden: childOrden++, root: item.root ? 1 : 0, estado: 1,
      }, { metadata });
      moduleIds.set(item.url!, m.id);
    }
  }
  // Roles are created with their fixed ids (seed 000 §6), so counters are skipped.
  for (const p of PROFILES) {
    const perms: { id_module: number; see: number; edit: number }[] = [];
    for (const group of menu) {
      for (const item of group.children ?? []) {
        if (item.root) continue;
        const grant = p.grants[item.url!] ?? p.grants['*'];
        if (grant) perms.push({ id_module: moduleIds.get(item.url!)!, see: 1, edit: grant === 'edit' ? 1 : 0 });
      }
    }
    await createRoleWithId(store, p.id, {
      name: p.name, id_type_user: 1, id_module: moduleIds.get(p.home) ?? null, system_user: p.system_user, admin: p.admin ?? 0,
      menu_collapsed: 0, horometros: p.horometros ?? 0, protected: isAdminRole(p.id) ? 1 : 0, perms, estado: 1,
    });
  }
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await createRecord(store, 'user', {
      id_role: u.role, id_obra: null, name: u.name, surname: u.surname, document: u.document, phone: '', email: u.email,
      all_works: 1, can_approve_requests: 0, can_create_request: 0, id_language: DEFAULT_LANGUAGE_ID, settings: {}, shortcuts: [],
      protected: isRootRole(u.role) ? 1 : 0, estado: 1, ...u.flags,
    }, {
      metadata,
      // The password hash stays out of the event log, written in the same transaction.
      within: async (tx, events) => {
        if (u.email) await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`;
      },
    });
  }
  return { modules: moduleIds.size, roles: PROFILES.length, users: DEMO_USERS.length };
}

async function createRoleWithId(store: EventStore, id: number, fields: Record<string, unknown>) {
  await execute(store, async (c) => {
    c.start(recordAggregate('role'), id).decide({ type: 'CreateRecord', id, fields });
    await c.tx`INSERT INTO es_id_counters (name, last_id) VALUES ('role', ${id})
      ON CONFLICT (name) DO UPDATE SET last_id = greatest(es_id_counters.last_id, excluded.last_id)`;
  }, { metadata: { userId: null, requestId: 'demo-data' } });
}
