import { afterEach, describe, expect, it } from 'vitest';
import { updateRecord } from '../../../../events/record/commands';
import { settingsProjection } from '../../../../projections/admin-content';
import { rebuildProjection } from '../../../../projections/rebuild';
import { useTestApi } from '../../../../tests/harness/api';

// /settings on the `setting-1` record stream; app_settings is its read model.
const api = useTestApi({ demo: 'access' });

/** 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
    'hex',
  ),
);
/** 1×1 JPEG. */
const JPG = Uint8Array.from(
  Buffer.from(
    'ffd8ffe000104a46494600010100000100010000ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffc0000b080001000101011100ffc40014000100000000000000000000000000000006ffc40014100100000000000000000000000000000000ffda0008010100003f0048ffd9',
    'hex',
  ),
);

const DEFAULTS = {
  coin: 'S/', interval: 30, registro_horometro: 24, brand: 'Faena', ruc: '', name: '', website: '', email: '', phone: '',
  country_code: 'PE', address: '', pic_logo: null, pic_favicon: null,
};

async function settingEvents() {
  return api.store.readStream('setting-1');
}

afterEach(() => {
  api.clock.now = null;
});

describe('/settings', () => {
  it('reads the settings with the server time, the difference with the client and the zone', async () => {
    const token = await api.login('admin@faena.pe');
    const r = await api.call('GET', '/settings', { token });
    expect(r.status).toBe(200);
    expect(r.body.item).toEqual(DEFAULTS);
    const tiempo = r.body.tiempo as { fecha: string; diferencia: number; zona_horaria: string };
    expect(Math.abs(Date.parse(tiempo.fecha) - Date.now())).toBeLessThan(10_000);
    expect(tiempo.diferencia).toBe(0);
    expect(tiempo.zona_horaria).toBe(process.env.TZ?.includes('/') ? process.env.TZ : 'America/Lima');

    api.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const client = new Date(api.clock.now.getTime() - 90_000);
    const behind = await api.call('GET', '/settings', { token, query: { fecha_cliente: client.toISOString() } });
    expect(behind.body.tiempo).toMatchObject({ fecha: api.clock.now.toISOString(), diferencia: 90 });
    const ahead = await api.call('GET', '/settings', { token, query: { fecha_cliente: String(api.clock.now.getTime() + 5000) } });
    expect((ahead.body.tiempo as { diferencia: number }).diferencia).toBe(-5);
    const bad = await api.call('GET', '/settings', { token, query: { fecha_cliente: 'ayer' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ fecha_cliente: 'Fecha del cliente inválida' });
  });

  it('validation errors in Spanish; nothing is written', async () => {
    const token = await api.login('admin@faena.pe');
    const r = await api.call('POST', '/settings/save', {
      token,
      json: { coin: 'SOLES!', interval: 2, registro_horometro: 800, brand: ' ', ruc: '2012345678', email: 'no@', website: 'ftp://faena.pe', phone: 'uno', country_code: 'PER' },
    });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('Revise los campos marcados');
    expect(r.body.errors).toEqual({
      coin: 'Máximo 5 caracteres',
      interval: 'Mínimo 5 segundos',
      registro_horometro: 'Máximo 720 horas',
      brand: 'Este campo es obligatorio',
      ruc: 'El RUC debe tener 11 dígitos',
      email: 'Ingrese un correo válido',
      website: 'Ingrese una dirección web válida (http:// o https://)',
      phone: 'Ingrese un teléfono válido',
      country_code: 'El código de país debe tener 2 letras (ej. PE)',
    });
    const more = await api.call('POST', '/settings/save', { token, json: { interval: 3601, registro_horometro: -1, coin: '' } });
    expect(more.body.errors).toEqual({ interval: 'Máximo 3600 segundos', registro_horometro: 'Mínimo 0 horas', coin: 'Este campo es obligatorio' });
    expect((await api.call('POST', '/settings/save', { token, json: { interval: 10.5 } })).body.errors).toEqual({ interval: 'Debe ser un número entero' });
    expect(await settingEvents()).toEqual([]);
  });

  it('a save is an event with the changed fields before → after; the read model follows', async () => {
    const token = await api.login('admin@faena.pe');
    const values = {
      coin: 'US$', interval: 60, registro_horometro: 48, brand: 'Faena Perú', ruc: '20123456789', name: 'Constructora Andina S.A.C.',
      website: 'https://andina.pe', email: 'Contacto@Andina.pe', phone: '+51 1 555-0101', country_code: 'pe', address: 'Av. Javier Prado 123, Lima',
    };
    const r = await api.call('POST', '/settings/save', { token, json: values });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('Guardado correctamente');
    const expected = { ...DEFAULTS, ...values, email: 'contacto@andina.pe', country_code: 'PE' };
    expect(r.body.item).toEqual(expected);
    expect((await api.call('GET', '/settings', { token })).body.item).toEqual(expected);
    const [coin] = await api.sql`SELECT value FROM app_settings WHERE key = 'coin'`;
    expect(coin.value).toBe('US$');

    const events = await settingEvents();
    expect(events.map((e) => e.type)).toEqual(['RecordCreated', 'RecordUpdated']);
    expect(events[0].data.fields).toEqual(DEFAULTS);
    expect(events[1].data.changes).toMatchObject({ coin: { from: 'S/', to: 'US$' }, interval: { from: 30, to: 60 } });
    // Only what changed: country_code 'pe' is 'PE', as before.
    expect(Object.keys(events[1].data.changes as object).sort()).toEqual(Object.keys(values).filter((k) => k !== 'country_code').sort());
    expect(events[1].metadata.userId).toBe(2);

    const second = await api.call('POST', '/settings/save', { token, json: { ...values, interval: '90' } });
    expect(second.status).toBe(200);
    const after = await settingEvents();
    expect(after).toHaveLength(3);
    expect(after[2].data.changes).toEqual({ interval: { from: 60, to: 90 } });

    const history = await api.call('GET', '/history', { token, query: { stream_type: 'setting', id: 1 } });
    expect((history.body.items as { changes: unknown }[])[2].changes).toEqual([{ field: 'interval', from: 60, to: 90 }]);

    // The read model rebuilds from the stream (reset to the defaults, then replay).
    await api.sql`UPDATE app_settings SET value = '"XX"' WHERE key = 'coin'`;
    await rebuildProjection(api.sql, api.store, settingsProjection, 'inline');
    expect((await api.call('GET', '/settings', { token })).body.item).toEqual({ ...expected, interval: 90 });
  });

  it('logo and favicon uploads are checked by content; the public settings show them', async () => {
    const token = await api.login('admin@faena.pe');
    const form = new FormData();
    form.append('interval', '45');
    form.append('pic_logo', new File([PNG], 'logo.txt', { type: 'text/plain' }));
    form.append('pic_favicon', new File([PNG], 'favicon.png', { type: 'image/png' }));
    const r = await api.call('POST', '/settings/save', { token, form });
    expect(r.status).toBe(200);
    const item = r.body.item as Record<string, string>;
    expect(item.interval).toBe(45);
    expect(item.pic_logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(item.pic_favicon).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await api.raw('GET', item.pic_logo, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const [stored] = await api.sql`SELECT value #>> '{}' AS name FROM app_settings WHERE key = 'pic_logo'`;
    expect(`/uploads/${stored.name}`).toBe(item.pic_logo);

    const before = (await settingEvents()).length;
    const exe = new FormData();
    exe.append('pic_logo', new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Uint8Array(200)])], 'logo.png', { type: 'image/png' }));
    const refused = await api.call('POST', '/settings/save', { token, form: exe });
    expect(refused.status).toBe(415);
    expect(refused.body.errors).toEqual({ pic_logo: 'Tipo de archivo no permitido. Se aceptan: imagen PNG, imagen JPG, imagen WebP.' });
    const jpgFavicon = new FormData();
    jpgFavicon.append('pic_favicon', new File([JPG], 'favicon.png'));
    expect((await api.call('POST', '/settings/save', { token, form: jpgFavicon })).body.errors).toEqual({ pic_favicon: 'Tipo de archivo no permitido. Se aceptan: imagen PNG.' });
    const big = new Uint8Array(129 * 1024);
    big.set(PNG);
    const bigFavicon = new FormData();
    bigFavicon.append('pic_favicon', new File([big], 'favicon.png'));
    const tooBig = await api.call('POST', '/settings/save', { token, form: bigFavicon });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors).toEqual({ pic_favicon: 'Archivo muy pesado, el límite es de 128 KB.' });
    // A new file with an invalid field stores nothing.
    const mixed = new FormData();
    mixed.append('interval', '1');
    mixed.append('pic_logo', new File([JPG], 'logo.jpg'));
    expect((await api.call('POST', '/settings/save', { token, form: mixed })).status).toBe(422);
    expect(await settingEvents()).toHaveLength(before);

    // Echoing the current address keeps the picture; a made-up name is refused; null removes it.
    expect((await api.call('POST', '/settings/save', { token, json: { pic_logo: item.pic_logo } })).body.item).toMatchObject({ pic_logo: item.pic_logo });
    const madeUp = await api.call('POST', '/settings/save', { token, json: { pic_logo: '/uploads/00000000000000000000000000000000.png' } });
    expect(madeUp.status).toBe(422);
    expect(madeUp.body.errors).toEqual({ pic_logo: 'Suba la imagen como archivo' });
    expect(await settingEvents()).toHaveLength(before);

    const asistente = await api.login('asistente@faena.pe');
    const pub = await api.call('GET', '/settings/public', { token: asistente });
    expect(pub.status).toBe(200);
    expect(pub.body.item).toEqual({ brand: 'Faena Perú', name: 'Constructora Andina S.A.C.', coin: 'US$', interval: 45, pic_logo: item.pic_logo, pic_favicon: item.pic_favicon });
    expect((await api.call('GET', '/settings/public')).status).toBe(401);

    const removed = await api.call('POST', '/settings/save', { token, json: { pic_favicon: null } });
    expect(removed.body.item).toMatchObject({ pic_favicon: null, pic_logo: item.pic_logo });
  });

  it('saving needs the edit right on /settings: 403 with see only, and for asistente', async () => {
    const asistente = await api.login('asistente@faena.pe');
    expect((await api.call('GET', '/settings', { token: asistente })).status).toBe(403);
    const refused = await api.call('POST', '/settings/save', { token: asistente, json: { coin: '$' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No tiene permiso para realizar esta acción');

    // Give the asistente profile (9) the see right only: reading opens, saving stays refused.
    const [module] = await api.sql`SELECT id::int AS id FROM rm_modules WHERE url = '/settings'`;
    const perms = await api.sql`SELECT id_module::int AS id_module, see::int AS see, edit::int AS edit FROM rm_role_permissions WHERE id_role = 9`;
    await updateRecord(api.store, 'role', 9, { perms: [...perms.map((p) => ({ ...p })), { id_module: module.id, see: 1, edit: 0 }] }, { metadata: { userId: 1 } });
    expect((await api.call('GET', '/settings', { token: asistente })).status).toBe(200);
    const before = (await settingEvents()).length;
    expect((await api.call('POST', '/settings/save', { token: asistente, json: { coin: '$' } })).status).toBe(403);
    expect(await settingEvents()).toHaveLength(before);
    expect((await api.call('POST', '/settings/save', { json: { coin: '$' } })).status).toBe(401);
  });
});
