import { useEffect, useRef, useState } from 'react';
import { fetchOk } from '../../../api/client';
import type { Envelope } from '../../../api/envelope';
import { FormDialog } from '../../../ui/dialogs/FormDialog';
import { TextField } from '../../../ui/dialogs/TextField';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { Select } from '../../../ui/select/Select';
import { PermissionTable } from './PermissionTable';
import { SwitchField } from '../../../ui/form/SwitchField';
import { roles } from '../roles.resource';
import type { PermissionRow } from '../internal/togglePermission';
import { USER_TYPES } from '../internal/userTypes';

type Props = { id: number | null; onClose(): void };

type RoleForm = {
  name: string;
  id_type_user: number;
  id_module: number | null;
  system_user: number;
  admin: number;
  menu_collapsed: number;
  horometros: number;
  rows: PermissionRow[];
};

const EMPTY: RoleForm = { name: '', id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0, rows: [] };

const flag = (value: unknown): number => (Number(value ?? 0) ? 1 : 0);
const bit = (value: unknown): 0 | 1 => (Number(value ?? 0) ? 1 : 0);

/** `GET /roles/modules` for a user type and a profile (0: a new one): the permission rows. */
async function loadRows(idTypeUser: number, idRole: number): Promise<PermissionRow[]> {
  const reply = await fetchOk<{ items?: Record<string, unknown>[] }>('GET', '/roles/modules', { id_type_user: idTypeUser, id_role: idRole });
  const rows = (reply.items ?? []).map((i) => ({
    id: Number(i.id),
    name: String(i.name ?? ''),
    id_parent: i.id_parent === null || i.id_parent === undefined ? null : Number(i.id_parent),
    see: bit(i.see),
    edit: bit(i.edit),
    is_home: bit(i.is_home),
    locked: bit(i.admin_only) === 1,
  }));
  // A group holding only modules the profile may not be given (the 'Maestros' group outside the
  // admin profile) is locked with them.
  return rows.map((row) => {
    const children = rows.filter((c) => c.id_parent === row.id);
    return !row.locked && children.length > 0 && children.every((c) => c.locked) ? { ...row, locked: true } : row;
  });
}

type RoleReply = Envelope & { item: Record<string, unknown>; rows: PermissionRow[]; rowsError?: string };

/** The profile's form and its permission table for its user type: one read for the controller. A
 * table that fails to load leaves the form usable, with the table's message on top. */
async function readRole(id: number): Promise<RoleReply> {
  const reply = await fetchOk<{ item?: Record<string, unknown> }>('POST', '/roles/form', undefined, { id });
  const item = reply.item ?? {};
  const rows = await loadRows(Number(item.id_type_user) || 1, id).catch((error: Error) => error);
  return rows instanceof Error ? { ...reply, item, rows: [], rowsError: rows.message } : { ...reply, item, rows };
}

/** The form item and its permission rows → the dialog's values (the home module from the item,
 * else the row marked home). */
function toForm(item: Record<string, unknown>, rows: PermissionRow[]): RoleForm {
  const home = item.id_module === null || item.id_module === undefined || item.id_module === '' ? (rows.find((row) => row.is_home)?.id ?? null) : Number(item.id_module);
  return {
    name: String(item.name ?? ''),
    id_type_user: Number(item.id_type_user) || 1,
    id_module: home,
    system_user: item.system_user === undefined ? 1 : flag(item.system_user),
    admin: flag(item.admin),
    menu_collapsed: flag(item.menu_collapsed),
    horometros: flag(item.horometros),
    rows,
  };
}

/** Create (id 0) or edit a profile (`/roles/form`, `/roles/create`): name, user type, system
 * user, admin, collapsed menu, hour meters, and the permission table with the home module.
 * Rules (seed 000 §4-§5): the name is required and a protected profile cannot be renamed (the
 * field is disabled); changing the type reloads the table with that type's modules; the save
 * sends `perms` as a list of { id_module, see, edit } for every row; the server's errors show
 * under the fields (name, id_module/perms above the table) and its msg on top. */
export function RoleDialog({ id, onClose }: Props) {
  const [rowsLoading, setRowsLoading] = useState(false);
  // Answers for an older type are ignored.
  const request = useRef(0);
  const record = useRecordForm<RoleForm, RoleReply>(roles, {
    id,
    empty: EMPTY,
    read: readRole,
    toValues: (item, reply) => toForm(item, reply.rows),
    toPayload: (v) => ({
      id,
      name: v.name,
      id_type_user: v.id_type_user,
      id_module: v.id_module,
      system_user: v.system_user,
      admin: v.admin,
      menu_collapsed: v.menu_collapsed,
      horometros: v.horometros,
      perms: v.rows.map((row) => ({ id_module: row.id, see: row.see, edit: row.edit })),
    }),
    onClose,
  });
  const { form, reply, setMessage } = record;
  const isProtected = flag(reply?.item.protected) === 1;

  useEffect(() => {
    if (reply?.rowsError) setMessage(reply.rowsError);
  }, [reply, setMessage]);

  async function changeType(idTypeUser: number) {
    if (idTypeUser === form.values.id_type_user || id === null) return;
    const mine = ++request.current;
    form.set('id_type_user', idTypeUser);
    form.set('rows', []);
    form.set('id_module', null);
    setRowsLoading(true);
    const rows = await loadRows(idTypeUser, id).catch((error: Error) => error);
    if (mine !== request.current) return;
    setRowsLoading(false);
    if (rows instanceof Error) setMessage(rows.message);
    else form.set('rows', rows);
  }

  const v = form.values;
  const tableError = form.fieldError('perms') ?? form.fieldError('id_module');

  return (
    <FormDialog {...record.dialogProps} title={id ? 'Editar perfil' : 'Nuevo perfil'} size="xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nombre"
          name="name"
          required
          autoFocus={!isProtected}
          maxLength={100}
          disabled={isProtected}
          {...form.bind('name')}
          hint={isProtected ? 'Perfil protegido: su nombre no se puede cambiar.' : undefined}
        />
        <Select<number>
          label="Tipo de usuario"
          items={USER_TYPES}
          value={v.id_type_user}
          onChange={(value) => void changeType(value ?? 1)}
          error={form.fieldError('id_type_user')}
        />
      </div>
      <div className="grid gap-x-6 gap-y-2 rounded-md border border-slate-200 px-3 py-2 sm:grid-cols-2">
        <SwitchField label="Usuario del sistema" hint="Sus usuarios pueden iniciar sesión." value={v.system_user} onChange={(value) => form.set('system_user', value)} />
        <SwitchField label="Administrador" hint="Perfil con funciones de administración." value={v.admin} onChange={(value) => form.set('admin', value)} />
        <SwitchField label="Menú contraído" hint="El menú lateral empieza plegado." value={v.menu_collapsed} onChange={(value) => form.set('menu_collapsed', value)} />
        <SwitchField label="Horómetros" hint="Puede registrar horómetros." value={v.horometros} onChange={(value) => form.set('horometros', value)} />
      </div>
      <PermissionTable
        rows={v.rows}
        onRows={(rows) => form.set('rows', rows)}
        home={v.id_module}
        onHome={(home) => form.set('id_module', home)}
        loading={record.loading || rowsLoading}
        error={tableError}
      />
    </FormDialog>
  );
}
