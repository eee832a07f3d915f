import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../../events/record/commands';
import { USER_MSG } from './user-messages';
import { useTestApi } from '../../../../tests/harness/api';

// The users administration through real calls on a real PostgreSQL (demo data + demo sites).
const t = useTestApi();

type Row = Record<string, unknown>;
type Option = { value: number; label: string; id_empresa?: number };

const tokens: Record<string, string> = {};
/** One sign-in per demo account for the whole file (each solves the captcha). */
async function tokenOf(email: string) {
  tokens[email] ??= await t.login(email);
  return tokens[email];
}
async function userId(email: string): Promise<number> {
  const [u] = await t.sql`SELECT id FROM rm_users WHERE email = ${email}`;
  return u.id as number;
}

let andina: number;
let minera: number;
let obrasAndina: Option[];
let obrasMinera: Option[];

beforeAll(async () => {
  const root = await tokenOf('root@faena.pe');
  const empresas = (await t.call('GET', '/fil_datas/empresas', { token: root })).body.items as Option[];
  andina = empresas.find((e) => e.label === 'Constructora Andina S.A.C.')!.value;
  minera = empresas.find((e) => e.label === 'Minera del Sur S.A.')!.value;
  obrasAndina = (await t.call('GET', '/fil_datas/obras', { token: root, query: { id_empresa: andina } })).body.items as Option[];
  obrasMinera = (await t.call('GET', '/fil_datas/obras', { token: root, query: { id_empresa: minera } })).body.items as Option[];
});

async function createWorker(token: string, fields: Row) {
  return t.call('POST', '/users/create', { token, json: { id: 0, ...fields } });
}

describe('/users list', () => {
  it('lists users with their sites ("Todas" with all_works), profile names, filters and search', async () => {
    const token = await tokenOf('admin@faena.pe');
    const worker = await createWorker(token, { id_role: 11, name: 'Teodoro', surname: 'Quispe Huanca', document: '70112233', phone: '987654321' });
    const id = (worker.body.item as Row).id as number;
    const [lima, cusco] = [obrasAndina.find((o) => o.label.startsWith('Vía'))!, obrasAndina.find((o) => o.label.includes('Cusco'))!];
    for (const obra of [cusco, lima]) {
      const r = await t.call('POST', '/users/formUserObra', { token, json: { id_user: id, id_empresa: andina, id_obra: obra.value } });
      expect(r.status).toBe(200);
    }

    const list = await t.call('GET', '/users', { token, query: { limit: 100 } });
    expect(list.status).toBe(200);
    const items = list.body.items as Row[];
    const jefe = items.find((i) => i.email === 'jefe@faena.pe')!;
    expect(jefe).toMatchObject({ name: 'Jorge', surname: 'Huamán Torres', ro_name: 'jefe de equipos', sites: 'Todas', all_works: 1, estado: 1 });
    expect(Object.keys(jefe)).toEqual(expect.arrayContaining(['phone', 'date_created', 'id', 'state_human', 'can_login_as']));
    const teodoro = items.find((i) => i.id === id)!;
    expect(teodoro).toMatchObject({ ro_name: 'operador', sites: 'Ampliación Hospital Regional del Cusco, Vía Expresa Sur - Tramo 2', all_works: 0, phone: '987654321', can_login_as: false });
    // 'Login as' is offered by the server's rules for this caller: another active system user, not root, not oneself.
    expect(jefe.can_login_as).toBe(true);
    expect(items.find((i) => i.email === 'admin@faena.pe')!.can_login_as).toBe(false);
    expect(items.find((i) => i.email === 'root@faena.pe')!.can_login_as).toBe(false);
    expect(list.body.total).toBe(items.length);

    const operadores = await t.call('GET', '/users', { token, query: { id_role: 11, limit: 100 } });
    expect((operadores.body.items as Row[]).every((i) => i.ro_name === 'operador')).toBe(true);
    expect((operadores.body.items as Row[]).map((i) => i.id)).toContain(id);
    const byDocument = await t.call('GET', '/users', { token, query: { query: '70112233' } });
    expect((byDocument.body.items as Row[]).map((i) => i.id)).toEqual([id]);
    const byName = await t.call('GET', '/users', { token, query: { query: 'jorge huaman' } });
    expect((byName.body.items as Row[]).map((i) => i.email)).toEqual(['jefe@faena.pe']);
    const bySite = await t.call('GET', '/users', { token, query: { order_col: 'sites', order_dir: 'asc', limit: 100 } });
    expect(bySite.status).toBe(200);

    const csv = await t.call('GET', '/users/export', { token, query: { kind: 'csv', query: 'Teodoro' } });
    expect(csv.status).toBe(200);
    expect(csv.body.msg).toContain('Ampliación Hospital Regional del Cusco');

    expect((await t.call('GET', '/users', { token: await tokenOf('jefe@faena.pe') })).status).toBe(403);
  });
});

describe('worker form', () => {
  it('name, surname, document and role are required', async () => {
    const token = await tokenOf('admin@faena.pe');
    const r = await createWorker(token, { name: ' ', surname: '' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      id_role: 'Este campo es obligatorio',
      name: 'Este campo es obligatorio',
      surname: 'Este campo es obligatorio',
      document: 'Este campo es obligatorio',
    });
    const unchosen = await createWorker(token, { id_role: 0, name: 'A', surname: 'B', document: '1' });
    expect(unchosen.body.errors).toEqual({ id_role: 'Seleccione un perfil' });
    const before = await t.sql`SELECT count(*)::int AS n FROM rm_users`;
    const noRole = await createWorker(token, { id_role: 999, name: 'A', surname: 'B', document: '1' });
    expect(noRole.body.errors).toEqual({ id_role: USER_MSG.roleMissing });
    const after = await t.sql`SELECT count(*)::int AS n FROM rm_users`;
    expect(after[0].n).toBe(before[0].n);
  });

  it('a worker (operador, system_user 0) saves without e-mail; a system role without e-mail gets the field error', async () => {
    const token = await tokenOf('admin@faena.pe');
    const worker = await createWorker(token, {
      id_role: 11, name: 'Justo', surname: 'Mamani Layme', document: '71234567', tipo_trabajo: 'Operador de excavadora',
      fecha_ingreso: '2026-02-01', all_works: 1,
    });
    expect(worker.status).toBe(200);
    expect(worker.body).toMatchObject({ ok: true, msg: 'Guardado correctamente', is_new: true });
    expect(worker.body.item).toMatchObject({
      email: null, ro_name: 'operador', ro_system_user: 0, state_human: 'Activo', fecha_ingreso: '2026-02-01', all_works: 1,
      tipo_trabajo: 'Operador de excavadora', user_obras: [], has_password: false,
    });
    const id = (worker.body.item as Row).id as number;
    const stream = await t.store.readStream(`user-${id}`);
    expect(stream.map((e) => e.type)).toEqual(['RecordCreated']);
    expect(stream[0].metadata).toMatchObject({ userId: await userId('admin@faena.pe'), originalUserId: null });

    const system = await createWorker(token, { id_role: 14, name: 'Raúl', surname: 'Pari Soto', document: '72345678' });
    expect(system.status).toBe(422);
    expect(system.body.errors).toEqual({ email: 'El correo es obligatorio para usuarios del sistema' });
    const blank = await createWorker(token, { id_role: 14, name: 'Raúl', surname: 'Pari Soto', document: '72345678', email: '  ' });
    expect(blank.body.errors).toEqual({ email: 'El correo es obligatorio para usuarios del sistema' });

    // Changing the worker to a system profile needs an e-mail too.
    const promote = await t.call('POST', '/users/create', { token, json: { id, id_role: 14, name: 'Justo', surname: 'Mamani Layme', document: '71234567' } });
    expect(promote.body.errors).toEqual({ email: USER_MSG.emailRequired });
    const promoted = await t.call('POST', '/users/create', {
      token, json: { id, id_role: 14, name: 'Justo', surname: 'Mamani Layme', document: '71234567', email: 'Justo.Mamani@Faena.pe' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ is_new: false, item: { email: 'justo.mamani@faena.pe', ro_name: 'mecánico' } });
    const updated = await t.store.readStream(`user-${id}`);
    expect(updated[1].data.changes).toEqual({ id_role: { from: 11, to: 14 }, email: { from: null, to: 'justo.mamani@faena.pe' } });
  });

  it('dates must be valid and the exit not before the entry; e-mails must be valid', async () => {
    const token = await tokenOf('admin@faena.pe');
    const base = { id_role: 11, name: 'Elmer', surname: 'Ticona', document: '73456789' };
    const order = await createWorker(token, { ...base, fecha_ingreso: '2026-03-10', fecha_salida: '2026-03-09' });
    expect(order.body.errors).toEqual({ fecha_salida: USER_MSG.datesOrder });
    const invalid = await createWorker(token, { ...base, fecha_ingreso: '2026-02-31x' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['fecha_ingreso']);
    const impossible = await createWorker(token, { ...base, fecha_ingreso: '2026-02-30' });
    expect(impossible.body.errors).toEqual({ fecha_ingreso: 'Fecha inválida' });
    const mail = await createWorker(token, { ...base, id_role: 14, email: 'no-es-correo' });
    expect(mail.body.errors).toEqual({ email: 'Ingrese un correo válido' });
    const same = await createWorker(token, { ...base, fecha_ingreso: '2026-03-10', fecha_salida: '2026-03-10' });
    expect(same.status).toBe(200);
    const id = (same.body.item as Row).id as number;
    // The stored entry date counts when only the exit date is sent.
    const later = await t.call('POST', '/users/create', { token, json: { id, ...base, fecha_salida: '2026-01-01' } });
    expect(later.body.errors).toEqual({ fecha_salida: USER_MSG.datesOrder });
  });

  it('a duplicate e-mail is refused (case-insensitive); a user keeps its own', async () => {
    const token = await tokenOf('admin@faena.pe');
    const dup = await createWorker(token, { id_role: 15, name: 'Otro', surname: 'Jefe', document: '74567890', email: 'JEFE@faena.pe' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ email: 'Ya existe un usuario con ese correo' });
    const jefe = await userId('jefe@faena.pe');
    const own = await t.call('POST', '/users/create', {
      token, json: { id: jefe, id_role: 17, name: 'Jorge', surname: 'Huamán Torres', document: '42345678', email: 'jefe@faena.pe', phone: '945111222' },
    });
    expect(own.status).toBe(200);
    expect(own.body.item).toMatchObject({ phone: '945111222', email: 'jefe@faena.pe' });
  });

  it('the password is optional, checked for strength, stored only as a generic argon2 hash, never in the log', async () => {
    const token = await tokenOf('admin@faena.pe');
    const base = { id_role: 14, name: 'Walter', surname: 'Cusi Ramos', document: '75678901', email: 'walter.cusi@faena.pe' };
    const weak = await createWorker(token, { ...base, password: 'corta' });
    expect(weak.body.errors).toEqual({ password: 'La contraseña debe tener al menos 8 caracteres' });
    const workerPassword = await createWorker(token, { id_role: 11, name: 'Sin', surname: 'Acceso', document: '75678900', password: 'Clave2026x' });
    expect(workerPassword.body.errors).toEqual({ password: USER_MSG.workerPassword });

    const noPassword = await createWorker(token, { ...base, password: '' });
    expect(noPassword.status).toBe(200);
    const id = (noPassword.body.item as Row).id as number;
    expect(await t.sql`SELECT 1 FROM auth_credentials WHERE id_user = ${id}`).toHaveLength(0);
    expect(noPassword.body.item).toMatchObject({ has_password: false });

    // Only the password changes: the save still writes it (with a PasswordChanged event).
    const secret = 'Walter2026clave';
    const set = await t.call('POST', '/users/create', { token, json: { id, ...base, password: secret } });
    expect(set.status).toBe(200);
    expect(set.body.item).toMatchObject({ has_password: true });
    const [cred] = await t.sql`SELECT password_hash, generic FROM auth_credentials WHERE id_user = ${id}`;
    expect(cred.generic).toBe(1);
    expect(cred.password_hash).toMatch(/^\$argon2id\$/);
    const events = await t.store.readStream(`user-${id}`);
    expect(events.map((e) => e.type)).toEqual(['RecordCreated', 'PasswordChanged']);
    expect(events[1].data).toEqual({ id, by: 'admin' });
    const [leak] = await t.sql`SELECT count(*)::int AS n FROM es_events
      WHERE data::text LIKE ${`%${secret}%`} OR data::text LIKE ${`%${cred.password_hash}%`} OR data::text LIKE '%argon2%'
         OR metadata::text LIKE ${`%${secret}%`}`;
    expect(leak.n).toBe(0);

    const signedIn = await t.login('walter.cusi@faena.pe', secret);
    const me = await t.call('GET', '/me', { token: signedIn });
    expect((me.body.user as { data: { displayName: string } }).data.displayName).toBe('Walter Cusi Ramos');
    const change = await t.call('POST', '/me/cambiarClave', {
      token: signedIn, json: { current_password: secret, new_password_1: 'Propia2026x', new_password_2: 'Propia2026x' },
    });
    expect(change.body.cambiar_clave_generica).toBe(true);

    // A new user with a password: one transaction, record and credentials together.
    const created = await createWorker(token, { ...base, document: '75678902', email: 'nuevo.clave@faena.pe', password: 'Inicial2026' });
    const newId = (created.body.item as Row).id as number;
    expect((await t.store.readStream(`user-${newId}`)).map((e) => e.type)).toEqual(['RecordCreated', 'PasswordChanged']);
    expect(await t.login('nuevo.clave@faena.pe', 'Inicial2026')).toBeTruthy();
  });

  it('a multipart save (text fields) stores the signature jpg of 200 × 120 and refuses another size', async () => {
    const token = await tokenOf('admin@faena.pe');
    const jpg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x78, 0x00, 0xc8, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
    ]);
    const form = (image: Uint8Array<ArrayBuffer>) => {
      const f = new FormData();
      for (const [k, value] of Object.entries({ id: '0', id_role: '15', name: 'Nora', surname: 'Vilca', document: '70998877', email: 'nora.vilca@faena.pe', id_obra: '', fecha_ingreso: '', all_works: '1' })) {
        f.append(k, value);
      }
      f.append('pic_firma', new File([image], 'firma.jpg', { type: 'image/jpeg' }));
      return f;
    };
    const wrongSize = new Uint8Array(jpg);
    wrongSize[27] = 0x01;
    const refused = await t.call('POST', '/users/create', { token, form: form(wrongSize) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ pic_firma: 'La firma debe ser una imagen JPG de 200 × 120 píxeles' });
    const saved = await t.call('POST', '/users/create', { token, form: form(jpg) });
    expect(saved.status).toBe(200);
    expect(saved.body.item).toMatchObject({ id_role: 15, id_obra: null, fecha_ingreso: null, all_works: 1, email: 'nora.vilca@faena.pe' });
    expect((saved.body.item as Row).pic).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  });

  it('the request flags are granted and withdrawn through /users/create, as events, shown by form and list (issue 13 §15)', async () => {
    const token = await tokenOf('admin@faena.pe');
    const created = await createWorker(token, { id_role: 15, name: 'Elsa', surname: 'Flores Ticona', document: '70445566', email: 'elsa.flores@faena.pe', can_create_request: 1, can_approve_requests: '1' });
    expect(created.status, created.body.msg).toBe(200);
    const id = (created.body.item as Row).id as number;
    expect(created.body.item).toMatchObject({ can_create_request: 1, can_approve_requests: 1 });
    const [first] = (await t.store.readStream(`user-${id}`)).slice(-1);
    expect(first.data).toMatchObject({ fields: expect.objectContaining({ can_create_request: 1, can_approve_requests: 1 }) });

    const base = { id, id_role: 15, name: 'Elsa', surname: 'Flores Ticona', document: '70445566' };
    const withdrawn = await t.call('POST', '/users/create', { token, json: { ...base, can_approve_requests: 0 } });
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);
    const [change] = (await t.store.readStream(`user-${id}`)).slice(-1);
    expect(change.type).toBe('RecordUpdated');
    expect(JSON.stringify(change.data)).toContain('can_approve_requests');
    const form = await t.call('POST', '/users/form', { token, json: { id } });
    expect(form.body.item).toMatchObject({ can_create_request: 1, can_approve_requests: 0 });
    const list = await t.call('GET', '/users', { token, query: { query: 'Elsa Flores' } });
    expect((list.body.items as Row[]).find((r) => r.id === id)).toMatchObject({ can_create_request: 1, can_approve_requests: 0 });
    expect((await t.call('POST', '/users/form', { token, json: { id: 0 } })).body.item).toMatchObject({ can_create_request: 0, can_approve_requests: 0 });

    // Only 0 or 1; nothing is stored for a refused value.
    const count = (await t.store.readStream(`user-${id}`)).length;
    for (const bad of [2, 'yes', -1]) {
      const r = await t.call('POST', '/users/create', { token, json: { ...base, can_create_request: bad } });
      expect(r.status, String(bad)).toBe(422);
      expect(r.body.errors.can_create_request).toBe('Debe ser 0 o 1');
    }
    expect((await t.store.readStream(`user-${id}`)).length).toBe(count);
  });

  it('the form shows the profile, state and sites; a missing user is 404', async () => {
    const token = await tokenOf('admin@faena.pe');
    const empty = await t.call('POST', '/users/form', { token, json: { id: 0 } });
    expect(empty.body.item).toMatchObject({ id: 0, name: '', user_obras: [], ro_name: null });
    const jefe = await userId('jefe@faena.pe');
    const form = await t.call('POST', '/users/form', { token, json: { id: jefe } });
    expect(form.body.item).toMatchObject({ id: jefe, ro_name: 'jefe de equipos', ro_system_user: 1, state_human: 'Activo', has_password: true });
    expect(JSON.stringify(form.body)).not.toContain('argon2');
    expect((await t.call('POST', '/users/form', { token, json: { id: 987654 } })).status).toBe(404);
  });
});

describe('site assignment', () => {
  it('company then site; the site must belong to the company; once per user; removal', async () => {
    const token = await tokenOf('admin@faena.pe');
    const worker = await createWorker(token, { id_role: 11, name: 'Ruth', surname: 'Apaza', document: '76789012' });
    const id = (worker.body.item as Row).id as number;

    const missing = await t.call('POST', '/users/formUserObra', { token, json: { id_user: id } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ id_empresa: 'Este campo es obligatorio', id_obra: 'Este campo es obligatorio' });
    const unchosen = await t.call('POST', '/users/formUserObra', { token, json: { id_user: id, id_empresa: 0, id_obra: null } });
    expect(unchosen.body.errors).toEqual({ id_empresa: 'Seleccione una empresa', id_obra: 'Seleccione una obra' });
    const wrongCompany = await t.call('POST', '/users/formUserObra', { token, json: { id_user: id, id_empresa: andina, id_obra: obrasMinera[0].value } });
    expect(wrongCompany.body.errors).toEqual({ id_obra: USER_MSG.obraNotOfEmpresa });

    const ica = obrasMinera.find((o) => o.label.includes('Marcona'))!;
    const ok = await t.call('POST', '/users/formUserObra', { token, json: { id_user: id, id_empresa: minera, id_obra: ica.value } });
    expect(ok.status).toBe(200);
    expect(ok.body.user_obras).toEqual([
      { id: ok.body.id, id_empresa: minera, nombre_empresa: 'Minera del Sur S.A.', id_obra: ica.value, nombre_obra: 'Accesos al tajo Marcona' },
    ]);
    const [stream] = await t.sql`SELECT stream_id FROM es_streams WHERE stream_id = ${`user_obra-${String(ok.body.id)}`}`;
    expect(stream).toBeTruthy();
    const again = await t.call('POST', '/users/formUserObra', { token, json: { id_user: id, id_empresa: minera, id_obra: ica.value } });
    expect(again.body.errors).toEqual({ id_obra: USER_MSG.obraAlreadyAssigned });

    const form = await t.call('POST', '/users/form', { token, json: { id } });
    expect((form.body.item as { user_obras: unknown[] }).user_obras).toHaveLength(1);

    const removed = await t.call('POST', '/users/removeUserObra', { token, json: { id: ok.body.id } });
    expect(removed.body).toMatchObject({ ok: true, msg: 'Eliminado correctamente', user_obras: [] });
    expect(await t.sql`SELECT 1 FROM rm_user_obras WHERE id_user = ${id}`).toHaveLength(0);
    expect((await t.call('POST', '/users/removeUserObra', { token, json: { id: ok.body.id } })).status).toBe(404);
    const events = await t.store.readStream(`user_obra-${String(ok.body.id)}`);
    expect(events.map((e) => e.type)).toEqual(['RecordCreated', 'RecordRemoved']);
  });

  it('is refused for the administrator profile', async () => {
    const token = await tokenOf('root@faena.pe');
    const admin = await userId('admin@faena.pe');
    const r = await t.call('POST', '/users/formUserObra', { token, json: { id_user: admin, id_empresa: andina, id_obra: obrasAndina[0].value } });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('No se asignan obras al perfil administrador');
    expect(await t.sql`SELECT 1 FROM rm_user_obras WHERE id_user = ${admin}`).toHaveLength(0);
  });
});

describe('enable, disable, remove', () => {
  it('a disabled user loses its sessions for good (enabling opens none again); root cannot be disabled or removed', async () => {
    const admin = await tokenOf('admin@faena.pe');
    const created = await createWorker(admin, { id_role: 15, name: 'Iván', surname: 'Luna', document: '77890123', email: 'ivan.luna@faena.pe', password: 'Ivan2026luna' });
    const id = (created.body.item as Row).id as number;
    const ivan = await t.login('ivan.luna@faena.pe', 'Ivan2026luna');
    expect((await t.call('GET', '/me', { token: ivan })).status).toBe(200);

    const off = await t.call('POST', '/users/disable', { token: admin, json: { id } });
    expect(off.body).toMatchObject({ ok: true, msg: 'Desactivado correctamente' });
    expect((await t.call('GET', '/me', { token: ivan })).status).toBe(401);
    const listed = await t.call('GET', '/users', { token: admin, query: { estado: 0, limit: 100 } });
    expect((listed.body.items as Row[]).find((i) => i.id === id)).toMatchObject({ estado: 0, state_human: 'Inactivo' });

    expect((await t.call('POST', '/users/enable', { token: admin, json: { id } })).body.msg).toBe('Activado correctamente');
    // Issue 13 §3: the disable ended the session; the user signs in again.
    const back = await t.call('GET', '/me', { token: ivan });
    expect(back.status).toBe(401);
    expect(back.body.msg).toBe('session_expired');
    expect((await t.call('GET', '/me', { token: await t.login('ivan.luna@faena.pe', 'Ivan2026luna') })).status).toBe(200);

    const root = await userId('root@faena.pe');
    const disableRoot = await t.call('POST', '/users/disable', { token: await tokenOf('root@faena.pe'), json: { id: root } });
    expect(disableRoot.status).toBe(422);
    expect(disableRoot.body.msg).toBe('Este registro está protegido y no se puede modificar');
    // An administrator is refused before that: only root acts on a root user (issue 13 §2).
    const removeRoot = await t.call('GET', '/users/remove', { token: admin, query: { id: root } });
    expect(removeRoot.status).toBe(403);
    expect(removeRoot.body.msg).toBe('Solo el usuario root puede modificar al usuario root');
    const [still] = await t.sql`SELECT estado FROM rm_users WHERE id = ${root}`;
    expect(still.estado).toBe(1);

    expect((await t.call('GET', '/users/remove', { token: admin, query: { id } })).body.msg).toBe('Eliminado correctamente');
    expect((await t.call('POST', '/users/form', { token: admin, json: { id } })).status).toBe(404);
  });

  it('an administrator cannot take over root (e-mail, password, sites) nor hand out the root profile', async () => {
    const admin = await tokenOf('admin@faena.pe');
    const root = await userId('root@faena.pe');
    const edit = await t.call('POST', '/users/create', {
      token: admin, json: { id: root, id_role: 1, name: 'Root', surname: 'Faena', document: '00000001', email: 'mio@faena.pe', password: 'Tomado2026x' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe(USER_MSG.rootOnly);
    expect(await t.sql`SELECT 1 FROM rm_users WHERE email = 'mio@faena.pe'`).toHaveLength(0);
    const grant = await createWorker(admin, { id_role: 1, name: 'Nuevo', surname: 'Root', document: '78901234', email: 'nuevo.root@faena.pe' });
    expect(grant.body.errors).toEqual({ id_role: USER_MSG.rootRoleOnlyRoot });
    const roles = (await t.call('GET', '/usuarios/roles', { token: admin })).body.roles as { value: number; label: string; system_user: number }[];
    expect(roles.map((r) => r.value)).not.toContain(1);
    expect(roles.find((r) => r.value === 11)).toEqual({ value: 11, label: 'operador', system_user: 0 });
    const rootRoles = (await t.call('GET', '/usuarios/roles', { token: await tokenOf('root@faena.pe') })).body.roles as { value: number }[];
    expect(rootRoles.map((r) => r.value)).toContain(1);
  });
});

describe('login as', () => {
  it('admin signs in as jefe: /me shows jefe with login_as, and events record both users', async () => {
    const admin = await tokenOf('admin@faena.pe');
    const [adminId, jefeId] = [await userId('admin@faena.pe'), await userId('jefe@faena.pe')];
    const r = await t.call('POST', '/users/loginAs', { token: admin, json: { id: jefeId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, id: jefeId, name: 'Jorge', surname: 'Huamán Torres', pic: null, ro_name: 'jefe de equipos' });
    const token = r.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const me = await t.call('GET', '/me', { token });
    const user = me.body.user as { login_as: boolean; data: { id: number; displayName: string } };
    expect(user.login_as).toBe(true);
    expect(user.data).toMatchObject({ id: jefeId, displayName: 'Jorge Huamán Torres' });
    // The administrator's own session is untouched.
    expect(((await t.call('GET', '/me', { token: admin })).body.user as { login_as: boolean }).login_as).toBe(false);

    const update = await t.call('POST', '/me/update', { token, json: { shortcuts: ['/equipos', '/horometros'] } });
    expect(update.status).toBe(200);
    const [ev] = await t.sql`SELECT metadata FROM es_events WHERE stream_id = ${`user-${jefeId}`} ORDER BY version DESC LIMIT 1`;
    expect(ev.metadata).toMatchObject({ userId: jefeId, originalUserId: adminId });
    const [opened] = await t.sql`SELECT data, metadata FROM es_events WHERE event_type = 'SessionOpened' ORDER BY global_position DESC LIMIT 1`;
    expect(opened.data).toMatchObject({ id_user: jefeId, id_user_original: adminId });
    expect(opened.metadata).toMatchObject({ userId: jefeId, originalUserId: adminId });
    const [session] = await t.sql`SELECT id_user, id_user_original FROM auth_sessions WHERE id = ${opened.data.id}`;
    expect(session).toEqual({ id_user: jefeId, id_user_original: adminId });

    // Jefe's profile has no /users right, even inside the borrowed session.
    expect((await t.call('POST', '/users/loginAs', { token, json: { id: await userId('mecanico@faena.pe') } })).status).toBe(403);
  });

  it('refused into root, into a worker without system access, into a disabled user', async () => {
    const admin = await tokenOf('admin@faena.pe');
    const root = await t.call('POST', '/users/loginAs', { token: admin, json: { id: await userId('root@faena.pe') } });
    expect(root.status).toBe(422);
    expect(root.body.msg).toBe(USER_MSG.loginAsRoot);
    const fromRoot = await t.call('POST', '/users/loginAs', { token: await tokenOf('root@faena.pe'), json: { id: await userId('root@faena.pe') } });
    expect(fromRoot.status).toBe(422);
    const [operador] = await t.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`;
    const worker = await t.call('POST', '/users/loginAs', { token: admin, json: { id: operador.id } });
    expect(worker.status).toBe(422);
    expect(worker.body.msg).toBe(USER_MSG.loginAsNoAccess);
    const supervisor = await userId('supervisor@faena.pe');
    await t.call('POST', '/users/disable', { token: admin, json: { id: supervisor } });
    const disabled = await t.call('POST', '/users/loginAs', { token: admin, json: { id: supervisor } });
    expect(disabled.body.msg).toBe(USER_MSG.loginAsDisabled);
    await t.call('POST', '/users/enable', { token: admin, json: { id: supervisor } });
    const missing = await t.call('POST', '/users/loginAs', { token: admin, json: { id: 987654 } });
    expect(missing.status).toBe(404);
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM auth_sessions WHERE id_user_original IS NOT NULL AND id_user IN (${operador.id}, ${supervisor}, 1)`;
    expect(n).toBe(0);
  });

  it('only root and admin profiles may use it: other profiles get 403, even with the /users right', async () => {
    const jefe = await tokenOf('jefe@faena.pe');
    const target = await userId('mecanico@faena.pe');
    const noRight = await t.call('POST', '/users/loginAs', { token: jefe, json: { id: target } });
    expect(noRight.status).toBe(403);

    // A profile given edit on /users, but which is neither root nor admin.
    const [usersModule] = await t.sql`SELECT id FROM rm_modules WHERE url = '/users'`;
    const role = await createRecord(t.store, 'role', {
      name: 'gestor de personal', id_type_user: 1, id_module: usersModule.id, system_user: 1, admin: 0, menu_collapsed: 0, horometros: 0,
      protected: 0, perms: [{ id_module: usersModule.id, see: 1, edit: 1 }], estado: 1,
    });
    const root = await tokenOf('root@faena.pe');
    const created = await createWorker(root, { id_role: role.id, name: 'Gina', surname: 'Rojas', document: '79012345', email: 'gina.rojas@faena.pe', password: 'Gina2026rojas' });
    expect(created.status).toBe(200);
    const gina = await t.login('gina.rojas@faena.pe', 'Gina2026rojas');
    expect((await t.call('GET', '/users', { token: gina })).status).toBe(200);
    const refused = await t.call('POST', '/users/loginAs', { token: gina, json: { id: target } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(USER_MSG.loginAsOnlyAdmins);

    // Root may.
    const asRoot = await t.call('POST', '/users/loginAs', { token: root, json: { id: target } });
    expect(asRoot.status).toBe(200);
    expect(((await t.call('GET', '/me', { token: asRoot.body.token as string })).body.user as { data: { id: number } }).data.id).toBe(target);
  });
});

describe('users selects', () => {
  it('GET /users/autocomplete finds active users by name, and by document only for the users administration', async () => {
    const token = await tokenOf('mecanico@faena.pe');
    const jefe = await userId('jefe@faena.pe');
    const r = await t.call('GET', '/users/autocomplete', { token, query: { query: 'huaman' } });
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual([{ value: jefe, label: 'Jorge Huamán Torres', ro_name: 'jefe de equipos' }]);
    expect(r.body.items).toEqual(r.body.users);
    // Issue 13 §10: a national ID tells whose it is only to those with the /users right.
    expect((await t.call('GET', '/users/autocomplete', { token, query: { query: '42345678' } })).body.users).toEqual([]);
    const admin = await tokenOf('admin@faena.pe');
    const byDocument = await t.call('GET', '/users/autocomplete', { token: admin, query: { query: '42345678' } });
    expect((byDocument.body.users as Option[]).map((u) => u.value)).toEqual([jefe]);
    const one = await t.call('GET', '/users/autocomplete', { token, query: { value: jefe } });
    expect(one.body.item).toMatchObject({ value: jefe, label: 'Jorge Huamán Torres' });
  });
});
