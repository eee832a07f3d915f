import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { projectRoot } from '../../shared/config';

// Issue 13 §10: any signed-in user got every person's national ID and signature file from the
// people lookups and /uploads/<name>. Selects get what they need (id, name); IDs and signatures
// go to those with the /users right, the person themself, and the documents that print them.
const api = useTestApi({ demo: 'access' });

describe('staff personal data', () => {
  it('people lookups carry no national ID or signature, whoever asks', async () => {
    for (const email of ['mecanico@faena.pe', 'admin@faena.pe']) {
      const token = await api.login(email);
      for (const path of ['/fil_datas/supervisores', '/fil_datas/jefesSupervisores', '/fil_datas/mecanicos']) {
        const r = await api.call('GET', path, { token });
        expect(r.status).toBe(200);
        const items = r.body.items as Record<string, unknown>[];
        expect(items.length, path).toBeGreaterThan(0);
        for (const item of items) {
          expect(item, path).not.toHaveProperty('document');
          expect(item, path).not.toHaveProperty('pic_firma');
        }
      }
    }
  });

  it('a signature file is served to its owner and to the users administration only', async () => {
    const owner = await api.login('jefe@faena.pe');
    const form = new FormData();
    form.append('pic_firma', new File([readFileSync(join(projectRoot, 'tests/fixtures/firma-200x120.jpg'))], 'firma.jpg', { type: 'image/jpeg' }));
    const saved = await api.call('POST', '/me/actualizarPerfil', { token: owner, form });
    expect(saved.status).toBe(200);
    const path = saved.body.pic as string;
    expect(path).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const get = async (token: string) => (await api.raw('GET', path, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await get(owner)).toBe(200);
    expect(await get(await api.login('admin@faena.pe'))).toBe(200); // /users right
    expect(await get(await api.login('mecanico@faena.pe'))).toBe(404); // anyone else: as if absent
    expect(await get(await api.login('supervisor@faena.pe'))).toBe(404);
  });
});
