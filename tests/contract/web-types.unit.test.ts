import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';

// The web never copies a reply type from the server (issue 12 §5): it imports the types the
// server's contract modules export (shared/contracts/*.ts, `import type … from '@shared/contracts/…'`).
// This test refuses a web type declaration that (a) has the name of a type a contract module
// exports, or (b) spells out the same fields as a reply object the server declares (a copy under
// another name).

const API = join(projectRoot, 'shared/contracts');
const WEB = join(projectRoot, 'web/src');

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : files(join(dir, e.name), test)) : test(e.name) ? [join(dir, e.name)] : [],
  );
}

const contractFiles = () => files(API, (n) => n.endsWith('.ts') && !n.endsWith('.test.ts'));

/** The type names the contract modules export: declared there (`export type X =`) or passed on
 * from another server module (`export type { X, Y as Z }`). */
export function serverReplyTypeNames(): Set<string> {
  const names = new Set<string>();
  for (const f of contractFiles()) {
    const source = readFileSync(f, 'utf8');
    for (const m of source.matchAll(/^export type (\w+)/gm)) names.add(m[1]);
    for (const m of source.matchAll(/^export type \{([^}]*)\}/gm)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/).pop();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

type Schema = { type: string; entries?: Record<string, Schema>; item?: Schema; wrapped?: Schema; options?: Schema[]; pipe?: Schema[] };

/** The field sets of every object schema the contract modules export, nested ones included. */
export async function serverReplyShapes(): Promise<Map<string, string>> {
  const shapes = new Map<string, string>();
  const walk = (s: unknown, where: string) => {
    if (!s || typeof s !== 'object') return;
    const schema = s as Schema;
    if (schema.pipe) return walk(schema.pipe[0], where);
    if (schema.wrapped) return walk(schema.wrapped, where);
    if (schema.item) return walk(schema.item, where);
    if (schema.options && Array.isArray(schema.options)) return schema.options.forEach((o, i) => walk(o, `${where}|${i}`));
    if (schema.entries && (schema.type === 'object' || schema.type === 'loose_object')) {
      const keys = Object.keys(schema.entries);
      if (keys.length >= 4) shapes.set([...keys].sort().join(','), where);
      for (const [k, v] of Object.entries(schema.entries)) walk(v, `${where}.${k}`);
    }
  };
  for (const f of contractFiles()) {
    const mod = (await import(f)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      walk(value, `${relative(projectRoot, f)}:${name}`);
      // Entry maps (a CRUD item's fields) are shapes too.
      if (value && typeof value === 'object' && !('type' in value)) walk({ type: 'object', entries: value }, `${relative(projectRoot, f)}:${name}`);
    }
  }
  return shapes;
}

/** Type declarations of a web file: name and, for object literals, their top-level fields. */
export function webTypeDeclarations(source: string): { name: string; fields: string[] }[] {
  const out: { name: string; fields: string[] }[] = [];
  for (const m of source.matchAll(/^(?:export )?(?:type (\w+)(?:<[^=]*>)?\s*=|interface (\w+)[^{]*)\s*(\{)?/gm)) {
    const name = m[1] ?? m[2];
    const fields: string[] = [];
    if (m[3]) {
      let depth = 0;
      const start = (m.index ?? 0) + m[0].length - 1;
      for (let i = start; i < source.length; i++) {
        const ch = source[i];
        if (ch === '{' || ch === '(' || ch === '[' || ch === '<') depth++;
        else if (ch === '}' || ch === ')' || ch === ']' || ch === '>') {
          depth--;
          if (depth === 0) break;
        } else if (depth === 1) {
          const key = /^(\w+)\??\s*:/.exec(source.slice(i));
          if (key && /[\s{;,]/.test(source[i - 1])) {
            fields.push(key[1]);
            i += key[0].length - 1;
          }
        }
      }
    }
    out.push({ name, fields });
  }
  return out;
}

export async function copiedReplyTypes(webFiles: { file: string; source: string }[]): Promise<string[]> {
  const names = serverReplyTypeNames();
  const shapes = await serverReplyShapes();
  const found: string[] = [];
  for (const { file, source } of webFiles) {
    for (const d of webTypeDeclarations(source)) {
      if (names.has(d.name)) found.push(`${file}: type ${d.name} is declared by the server (import it from @shared/contracts)`);
      const same = d.fields.length >= 4 ? shapes.get([...d.fields].sort().join(',')) : undefined;
      if (same) found.push(`${file}: type ${d.name} copies the fields of ${same}`);
    }
  }
  return found;
}

describe('the web imports reply types from the server', () => {
  it('no web file declares a type the server declares, by name or by its fields', async () => {
    const web = files(WEB, (n) => /\.tsx?$/.test(n) && !n.endsWith('.gen.ts')).map((f) => ({ file: relative(projectRoot, f), source: readFileSync(f, 'utf8') }));
    expect(web.length).toBeGreaterThan(100);
    expect(serverReplyTypeNames().size).toBeGreaterThan(30);
    expect(await copiedReplyTypes(web)).toEqual([]);
  });

  it('a copy reintroduced in the web is caught, by name or under another name', async () => {
    const byName = 'export type HorometroRow = { id: number; codigo: string | null };\n';
    const byFields = 'type Fila = {\n  id: number;\n  nombre: string;\n  modelos: number;\n  estado: number;\n  date_created: string;\n};\n';
    const found = await copiedReplyTypes([
      { file: 'web/src/x/a.ts', source: byName },
      { file: 'web/src/x/b.ts', source: byFields },
      { file: 'web/src/x/c.ts', source: "export type { HorometroRow } from '@shared/contracts/hour-meters';\n" },
      // A type a contract module passes on from another server module (the menu builder's).
      { file: 'web/src/x/d.ts', source: "export type NavigationItem = { id: string; title: string; children?: NavigationItem[] };\n" },
    ]);
    expect(found).toEqual([
      'web/src/x/a.ts: type HorometroRow is declared by the server (import it from @shared/contracts)',
      'web/src/x/b.ts: type Fila copies the fields of shared/contracts/catalogues.ts:marcaRow',
      'web/src/x/d.ts: type NavigationItem is declared by the server (import it from @shared/contracts)',
    ]);
  });
});
