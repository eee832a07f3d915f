import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { catchUpActivityLog } from '../../../tests/harness/catch-up-activity-log';

// 'login as' end to end: the real POST /users/loginAs, a change made through that session, and
// the activity log and the record history showing both users.
const api = useTestApi();

describe("'login as' in the activity log and the record history", () => {
  it('shows the administrator behind the impersonated user, and the before → after of the change', async () => {
    const admin = await api.login('admin@faena.pe');
    const [jorge] = await api.sql`SELECT id FROM rm_users WHERE email = 'jefe@faena.pe'`;
    const as = await api.call('POST', '/users/loginAs', { token: admin, json: { id: jorge.id } });
    expect(as.status).toBe(200);
    const token = as.body.token as string;
    const changed = await api.call('POST', '/me/update', { token, json: { shortcuts: ['/example'] } });
    expect(changed.status).toBe(200);

    const [event] = await api.sql`SELECT metadata FROM es_events WHERE stream_id = ${`user-${jorge.id}`} AND event_type = 'RecordUpdated'
      ORDER BY global_position DESC LIMIT 1`;
    const [ana] = await api.sql`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
    expect(event.metadata).toMatchObject({ userId: jorge.id, originalUserId: ana.id });

    await catchUpActivityLog(api.sql, api.store);
    const logs = await api.call('GET', '/logs', { token: admin, query: { target: 'user', id_target: jorge.id, limit: 50 } });
    expect(logs.status).toBe(200);
    const lines = logs.body.items as { user_name: string; type_log_name: string }[];
    expect(lines.map((l) => l.user_name)).toContain('Ana Quispe Rojas (como Jorge Huamán Torres)');
    const sessions = await api.call('GET', '/logs', { token: admin, query: { type_log: 'SessionOpened', login_as: 1, limit: 50 } });
    expect((sessions.body.items as { user_name: string }[]).map((l) => l.user_name)).toContain('Ana Quispe Rojas (como Jorge Huamán Torres)');
    expect((sessions.body.items as unknown[]).length).toBeGreaterThan(0);

    const history = await api.call('GET', '/history', { token: admin, query: { stream_type: 'user', id: jorge.id } });
    expect(history.status).toBe(200);
    const last = (history.body.items as { changes: { field: string; from: unknown; to: unknown }[]; original_who?: string | null }[]).at(-1)!;
    expect(last.changes).toEqual([{ field: 'shortcuts', from: [], to: ['/example'] }]);
    expect(last.original_who).toBe('Ana Quispe Rojas');
    expect(JSON.stringify(history.body)).not.toMatch(/token_hash|argon2/);
  });
});
