import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';

// Issue 14 §7 (docs/DECISIONS.md, "Spanish on screen"): visible text carries its accents and
// addresses the user as usted. This guard reads the text the screens, the server's labels and the
// PDFs show (string literals with a space or a capital, and JSX text) and refuses the unaccented
// words and the tú forms that were fixed, except the messages a seed quotes word for word.

const ROOTS = ['web/src', 'services/api', 'services/demo/access-data.ts', 'events'];

const UNACCENTED = /\b(Codigo|CODIGO|Descripcion|DESCRIPCION|Numero|Categoria|Linea|LINEA|Observacion|Maquina|Razon social|Telefono|Direccion|Electronico|Periodo|Accion|Sesion|Contrasena|Diagnosticos?|DIAGNOSTICOS?|Mecanico|MECANICO|Tecnicos?|Gestion|Almacen|almacen|Unidad de medida)\b/;
const TU = /\b(Ingresa|Selecciona|Escribe|Elige|Revisa|Busca|Guarda|Arrastra|Quita|Suelta|Pulsa|Marca «|Tienes|tienes|Tus|tus|Deseas|deseas|Estás|quieres|usas)\b/;

/** Messages the seeds quote word for word: they keep their wording (and their tú). */
const SEED_VERBATIM = [
  'Escribe algo para buscar.',
  '¿Estás seguro?',
  '¿Estás seguro de que deseas cambiar tu contraseña?',
  'Se eliminará permanentemente el registro. ¿Estás seguro?',
  'Seguro que quieres activarlo?',
  'Seguro que quieres desactivarlo?',
  'Estás a punto de iniciar sesión como ',
  'No tienes ninguna alerta.',
  'Esta acción generará una Solicitud de Compra ¿Deseas continuar?',
  'Esta acción generará una Solicitud de Servicio ¿Deseas continuar?',
  '¿Seguro que quieres realizar esta operación?',
  '¿Seguro que quieres eliminar esta fila?',
  'Seguro que quieres eliminar esta fila?',
  'Escribe el motivo...',
  '¿Estás seguro de aprobar esta solicitud?',
  '¿Estás seguro de rechazar esta solicitud?',
  '¿Estás seguro de observar esta solicitud?',
  '¿Estás seguro de reenviar a SICAM',
  '¿Estás seguro de eliminar este producto? No hay marcha atras',
];

function sourceFiles(path: string): string[] {
  if (/\.tsx?$/.test(path)) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) => {
    const full = join(path, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
const JSX_TEXT = />([^<>{}\n]*[A-Za-zÁÉÍÓÚáéíóúñ][^<>{}\n]*)</g;

/** The pieces of a line a user may read: literals that look like text (a space or a capital
 * first; SQL and summaries of the API reference are not screen text), and JSX text. */
export function visibleTexts(line: string): string[] {
  const trimmed = line.trim();
  if (/^(\/\/|\*|\/\*|import )/.test(trimmed) || /\bsummary:/.test(line)) return [];
  const texts: string[] = [];
  for (const m of line.matchAll(LITERAL)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    if ((/ /.test(text) || /^[A-ZÁÉÍÓÚ¿]/.test(text)) && !/\b(SELECT|FROM|WHERE|JOIN|coalesce|INSERT INTO|ON CONFLICT|\|\|)\b|\|\||\b[a-z]{1,2}\.[a-z_]+\b|\}\.[a-z_]+\b/.test(text)) texts.push(text);
  }
  for (const m of line.matchAll(JSX_TEXT)) texts.push(m[1]);
  // A JSX text line of its own (between tags on other lines).
  if (texts.length === 0 && !/[<>{}=();:,'"`[\]]/.test(trimmed) && / /.test(trimmed)) texts.push(trimmed);
  return texts;
}

function offences(rule: RegExp): string[] {
  const found: string[] = [];
  for (const root of ROOTS) {
    for (const file of sourceFiles(join(projectRoot, root))) {
      const name = relative(projectRoot, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (let text of visibleTexts(line)) {
            for (const quoted of SEED_VERBATIM) text = text.replace(quoted, '');
            if (rule.test(text)) found.push(`${name}:${i + 1}: ${text.trim()}`);
          }
        });
    }
  }
  return found;
}

describe('Spanish on screen (issue 14 §7)', () => {
  it('visible labels carry their accents', () => {
    expect(offences(UNACCENTED)).toEqual([]);
  });

  it('messages address the user as usted, except what a seed quotes word for word', () => {
    expect(offences(TU)).toEqual([]);
  });

  it('the guard reads labels, JSX text and messages, and leaves field names and SQL alone', () => {
    expect(visibleTexts(`<LineSection title="Diagnosticos" count={n}>`).some((t) => UNACCENTED.test(t))).toBe(true);
    expect(visibleTexts('        No requiere productos de almacen').some((t) => UNACCENTED.test(t))).toBe(true);
    expect(visibleTexts(`const PLACEHOLDER = 'Escribe el motivo...';`).some((t) => TU.test(t))).toBe(true);
    expect(visibleTexts(`{ key: 'descripcion', label: 'Descripción' }`).some((t) => UNACCENTED.test(t))).toBe(false);
    expect(visibleTexts(`sql: "to_char(r.fecha, 'YYYY-MM-DD')", from: 'rm_almacen a JOIN x'`).some((t) => UNACCENTED.test(t))).toBe(false);
    // SQL fragments name columns through their table's alias (s.almacen, \${t}.almacen).
    expect(visibleTexts("sql`(s.almacen = 'central' OR x)`").some((t) => UNACCENTED.test(t))).toBe(false);
    expect(visibleTexts("const m = `Stock en el almacen ${n}`;").some((t) => UNACCENTED.test(t))).toBe(true);
  });
});
