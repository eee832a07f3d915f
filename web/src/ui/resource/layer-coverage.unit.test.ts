import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every list page and record dialog runs on the resource layer (ui/resource/README.md): a page
 * lists through ListPage, a record dialog saves through useRecordForm, any other write goes
 * through useWrite, and invalidation is the layer's. This reads the screens' sources and names
 * each place that hand-rolls one of them. */

const SRC = fileURLToPath(new URL('../..', import.meta.url));
/** The screens: the modules, the frame around them, the sign-in pages and the generic catalogue. */
const SCREENS = ['modules', 'shell', 'auth', 'ui/crud'];

type Rule = 'table' | 'list-page' | 'write' | 'record-form' | 'invalidate';

const RULES: Record<Rule, { test(file: string, source: string): boolean; message: string }> = {
  table: {
    test: (_file, source) => /<(DataTable|FilterBar)\b/.test(source),
    message: 'renders its own DataTable/FilterBar: use ListPage with useResourceList',
  },
  'list-page': {
    test: (file, source) => /Page\.tsx$/.test(file) && /<ListPage\b/.test(source) && !/\buseResourceList\(/.test(source),
    message: 'renders ListPage without useResourceList',
  },
  write: {
    // fetchOk is the read helper (some spec reads are POSTs, like `/form`): it throws on a refusal.
    test: (_file, source) => /\bfetch\(|\bapi\.(post|put|delete)\(|\buseMutation\b|XMLHttpRequest/.test(source),
    message: 'writes with fetch/api.post/useMutation: use useRecordForm or useWrite',
  },
  'record-form': {
    test: (file, source) => /Dialog\.tsx$/.test(file) && /<FormDialog\b/.test(source) && !/\buseRecordForm\b/.test(source),
    message: 'is a FormDialog without useRecordForm',
  },
  invalidate: {
    test: (_file, source) => /\.invalidateQueries\(/.test(source),
    message: 'invalidates queries itself: pass the keys to useWrite / the resource',
  },
};

/** The screens that need their own, each with why. Keep it short. */
const ALLOWED: Record<string, { rules: Rule[]; reason: string }> = {
  'modules/admin-access/components/ModulesPage.tsx': {
    rules: ['table', 'invalidate'],
    reason: 'the menu tree with drag-and-drop ordering, not a paged table; a refused reorder drops its optimistic tree',
  },
  'auth/LoginPage.tsx': {
    rules: ['write', 'invalidate'],
    reason: 'signing in is not a record write: a replayed Idempotency-Key must never hand back a stored session token',
  },
  'auth/RecoverPage.tsx': { rules: ['write'], reason: 'signed out: the recovery mail request, no session and no list to refresh' },
  'auth/ResetPasswordPage.tsx': { rules: ['write'], reason: 'signed out: the recovery token is the credential, no session and no list to refresh' },
  'shell/AppFrame.tsx': { rules: ['invalidate'], reason: "a live push on 'access' reloads /me (no write)" },
  'shell/useNotifications.ts': { rules: ['invalidate'], reason: 'the bell polls and follows live pushes (no write)' },
  'modules/work-orders/components/TimelinePanel.tsx': { rules: ['invalidate'], reason: "an order's timeline follows live pushes, debounced (no write)" },
  'modules/admin-content/components/LinkDialog.tsx': { rules: ['record-form'], reason: "edits a link in the rich-text editor's text; nothing is sent" },
};

/** The rules a source breaks, allowed ones left out. */
export function violations(file: string, source: string): string[] {
  const allowed = ALLOWED[file]?.rules ?? [];
  return (Object.keys(RULES) as Rule[]).filter((rule) => !allowed.includes(rule) && RULES[rule].test(file, source)).map((rule) => `${file} ${RULES[rule].message}`);
}

function sources(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => relative(SRC, join(SRC, dir, name)).split('\\').join('/'));
}

const FILES = SCREENS.flatMap(sources);

describe('the resource layer covers every list page and record dialog', () => {
  it('reads the screens (every list page and record dialog among them)', () => {
    expect(FILES).toContain('modules/equipment/EquiposPage.tsx');
    expect(FILES).toContain('modules/hour-meters/HorometroDialog.tsx');
    expect(FILES).toContain('ui/crud/CatalogueDialog.tsx');
    expect(FILES.length).toBeGreaterThan(80);
  });

  it('finds no screen that hand-rolls its table, its save or its invalidation', () => {
    expect(FILES.flatMap((file) => violations(file, readFileSync(join(SRC, file), 'utf8')))).toEqual([]);
  });

  it('allows only files that exist and still need it', () => {
    for (const [file, { rules }] of Object.entries(ALLOWED)) {
      expect(FILES, file).toContain(file);
      const source = readFileSync(join(SRC, file), 'utf8');
      for (const rule of rules) expect(RULES[rule].test(file, source), `${file}: ${rule} is no longer needed`).toBe(true);
    }
  });

  it.each([
    ['a dialog that posts and toasts itself', 'modules/x/ThingDialog.tsx', "const r = await api.post('/things/create', values); show(r.envelope.msg);", ['write']],
    ['a dialog on its own mutation', 'modules/x/ThingDialog.tsx', 'const m = useMutation({ mutationFn: save });', ['write']],
    ['a dialog with a raw fetch', 'modules/x/ThingDialog.tsx', "await fetch('/api/things/create', { method: 'POST' });", ['write']],
    ['a FormDialog with its own state', 'modules/x/ThingDialog.tsx', 'const form = useFormState(empty); return <FormDialog open onSubmit={save} />;', ['record-form']],
    ['a page with its own table', 'modules/x/ThingsPage.tsx', 'return <><FilterBar search={s} /><DataTable columns={c} query={q} /></>;', ['table']],
    ['a page that invalidates after a save', 'modules/x/ThingsPage.tsx', "await queryClient.invalidateQueries({ queryKey: ['things'] });", ['invalidate']],
    ['a page on the layer', 'modules/x/ThingsPage.tsx', 'const list = useResourceList(things, search); return <ListPage list={list} />;', []],
    ['a dialog on the layer', 'modules/x/ThingDialog.tsx', 'const { form, dialogProps } = useRecordForm(things, o); return <FormDialog {...dialogProps} />;', []],
  ])('names %s', (_name, file, source, rules) => {
    expect(violations(file, source)).toEqual((rules as Rule[]).map((rule) => `${file} ${RULES[rule].message}`));
  });
});
