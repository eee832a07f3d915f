import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportResponse } from './response';
import type { ExportColumn, ExportKind, ExportRequest } from './types';

const now = new Date('2026-11-22T15:00:00Z'); // 10:00 AM in Lima

type Row = Record<string, unknown>;

async function* stream(rows: Row[]): AsyncGenerator<Row> {
  for (const row of rows) {
    await Promise.resolve();
    yield row;
  }
}

function request(kind: ExportKind, columns: ExportColumn[], rows: Row[], extra: Partial<ExportRequest> = {}): ExportRequest {
  return { kind, title: 'Marcas', fileBase: 'marcas', columns, rows: stream(rows), now, ...extra };
}

async function bodyOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

async function textOf(kind: 'csv' | 'html', columns: ExportColumn[], rows: Row[]): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bodyOf(exportResponse(request(kind, columns, rows))));
}

/** The text of every TJ operator of a pdfkit file (standard fonts: WinAnsi bytes in hex strings). */
function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const winAnsi: Record<number, string> = { 0x85: '…', 0x96: '–', 0x97: '—', 0x80: '€' };
  const texts: string[] = [];
  for (const match of raw.matchAll(/>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated content stream
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1].matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').reduce((s, byte) => s + (winAnsi[byte] ?? String.fromCharCode(byte)), ''));
    }
  }
  return texts;
}

describe('exportResponse xlsx', () => {
  it('writes 1,000 rows a spreadsheet reads back with native numbers, dates and exact text', async () => {
    const columns: ExportColumn[] = [
      { key: 'codigo', label: 'Código' },
      { key: 'nombre', label: 'Descripción del equipo' },
      { key: 'horas', label: 'Horas', kind: 'decimal' },
      { key: 'precio', label: 'Precio unitario', kind: 'money' },
      { key: 'fecha', label: 'Fecha de compra', kind: 'date' },
      { key: 'creado', label: 'Creado', kind: 'datetime' },
      { key: 'activo', label: 'Activo', kind: 'bool' },
      { key: 'total', label: 'Total', kind: 'money', value: (r) => Number(r.horas) * 2 },
    ];
    const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({
      codigo: `EQ-${String(i).padStart(4, '0')}`,
      nombre: i % 3 === 0 ? 'Grúa Tadano – año 2024' : `Excavadora ñ°${i} «Pérez»`,
      horas: i * 1.25,
      precio: `${1234 + i}.50`, // postgres numeric arrives as text
      fecha: new Date(Date.UTC(2026, i % 12, (i % 28) + 1)),
      creado: `2026-11-22T${String(5 + (i % 19)).padStart(2, '0')}:05:00Z`,
      activo: i % 2 === 0,
    }));

    const response = exportResponse(request('xlsx', columns, rows, { title: 'Equipos: grúas/montacargas [activos] de la empresa' }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());

    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Equipos  grúas montacargas  act');
    expect(sheet.name.length).toBe(31);
    expect(sheet.rowCount).toBe(1001);
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((c) => c.label)]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(10);
    expect(sheet.getColumn(2).width).toBe('Descripción del equipo'.length + 2);

    rows.forEach((input, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(input.codigo);
      expect(row.getCell(2).value).toBe(input.nombre);
      expect(row.getCell(3).value).toBe(input.horas);
      expect(row.getCell(4).value).toBe(Number(input.precio));
      expect(row.getCell(5).value).toEqual(input.fecha);
      // Excel dates have no zone: the cell holds Lima's clock (UTC−5) read as UTC.
      const instant = new Date(String(input.creado));
      expect(row.getCell(6).value).toEqual(new Date(instant.getTime() - 5 * 3_600_000));
      expect(row.getCell(7).value).toBe(input.activo ? 'Sí' : 'No');
      expect(row.getCell(8).value).toBe(Number(input.horas) * 2);
    });
    const first = sheet.getRow(2);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    expect(first.getCell(4).numFmt).toBe('"S/ "#,##0.00');
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm AM/PM');
  });

  it('builds the money format from the coin and leaves null cells empty', async () => {
    const columns: ExportColumn[] = [
      { key: 'monto', label: 'Monto', kind: 'money' },
      { key: 'nota', label: 'Nota' },
    ];
    const response = exportResponse(request('xlsx', columns, [{ monto: 10, nota: null }, { monto: null, nota: 'x' }], { coin: 'US$' }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Marcas');
    expect(sheet.getRow(2).getCell(1).value).toBe(10);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('"US$ "#,##0.00');
    expect(sheet.getRow(2).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(1).value).toBeNull();
  });
});

describe('exportResponse csv', () => {
  const columns: ExportColumn[] = [
    { key: 'nombre', label: 'Descripción' },
    { key: 'precio', label: 'Precio', kind: 'money' },
    { key: 'cantidad', label: 'Cantidad', kind: 'decimal' },
    { key: 'fecha', label: 'Fecha', kind: 'date' },
    { key: 'hora', label: 'Fecha y hora', kind: 'datetime' },
    { key: 'ok', label: '¿Vigente?', kind: 'bool' },
  ];

  it('starts with the UTF-8 BOM, keeps accents, quotes per RFC 4180 and formats money', async () => {
    const body = await bodyOf(
      exportResponse(
        request('csv', columns, [
          { nombre: 'Grúa Tadano – año 2024', precio: '1234.5', cantidad: 3, fecha: '2026-11-22', hora: '2026-11-22T20:05:00Z', ok: true },
          { nombre: 'Pernos 3/4", caja', precio: 1234.5, cantidad: '1234567.891', fecha: null, hora: undefined, ok: false },
          { nombre: 'línea 1\nlínea 2', precio: null, cantidad: null, fecha: null, hora: null, ok: null },
        ]),
      ),
    );
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
    expect(text.split('\r\n')).toEqual([
      '\uFEFFDescripción,Precio,Cantidad,Fecha,Fecha y hora,¿Vigente?',
      'Grúa Tadano – año 2024,"S/ 1,234.50",3.00,22/11/2026,22/11/2026 03:05 PM,Sí',
      '"Pernos 3/4"", caja","S/ 1,234.50","1,234,567.89",,,No',
      '"línea 1\nlínea 2",,,,,',
      '',
    ]);
  });

  it('reads every shape a value arrives in and shows it by the product rules', async () => {
    const text = await textOf(
      'csv',
      [
        { key: 'v', label: 'Número', kind: 'decimal' },
        { key: 'd', label: 'Fecha', kind: 'date' },
        { key: 't', label: 'Hora', kind: 'datetime' },
        { key: 'b', label: 'Sí/No', kind: 'bool' },
      ],
      [
        { v: -1234.567, d: new Date(Date.UTC(2026, 0, 5)), t: new Date('2026-01-05T05:00:00Z'), b: 't' },
        { v: '1.005', d: '2026-11-23T03:00:00Z', t: '2026-11-22 12:30:00+00', b: 'f' },
        { v: '-0.001', d: '2026-02-30', t: '2026-11-22 00:15', b: 1 },
        { v: 'n/a', d: 'mañana', t: '2026-11-22T17:45:10.123-05:00', b: 'quizá' },
        { v: 12n, d: Date.UTC(2026, 4, 1), t: '2026-11-22T12:00:00', b: false },
      ],
    );
    expect(text.split('\r\n').slice(1, 6)).toEqual([
      // midnight Lima is 12:00 AM; a Date at UTC midnight in a date column is a calendar date
      '"-1,234.57",05/01/2026,05/01/2026 12:00 AM,Sí',
      // numeric text rounds as written; an instant in a date column is Lima's day
      '1.01,22/11/2026,22/11/2026 07:30 AM,No',
      // an impossible date is shown as it came; a value without a zone is already Lima's clock
      '0.00,2026-02-30,22/11/2026 12:15 AM,Sí',
      'n/a,mañana,22/11/2026 05:45 PM,quizá',
      '12.00,01/05/2026,22/11/2026 12:00 PM,No',
    ]);
  });

  it('keeps a text cell from running as a spreadsheet formula', async () => {
    const text = await textOf('csv', [{ key: 'n', label: 'Nota' }, { key: 'm', label: 'Monto', kind: 'decimal' }], [{ n: '=HYPERLINK("http://x")', m: -5 }]);
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",-5.00`);
  });
});

describe('exportResponse html', () => {
  it('is a standalone Spanish page with the title and every value escaped', async () => {
    const html = await textOf(
      'html',
      [
        { key: 'nombre', label: 'Descripción <b>' },
        { key: 'precio', label: 'Precio', kind: 'money' },
      ],
      [
        { nombre: '<script>alert("x")</script>', precio: '1234.5' },
        { nombre: 'Grúa Tadano – año 2024 & cía', precio: 0 },
      ],
    );
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Marcas</title>');
    expect(html).toContain('<h1>Marcas</h1>');
    expect(html).toContain('Generado el 22/11/2026 10:00 AM');
    expect(html).toContain('<thead><tr><th>Descripción &lt;b&gt;</th><th>Precio</th></tr></thead>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td><td class="num">S/ 1,234.50</td>');
    expect(html).toContain('<td>Grúa Tadano – año 2024 &amp; cía</td><td class="num">S/ 0.00</td>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });

  it('says so when there is nothing to list', async () => {
    const html = await textOf('html', [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }], []);
    expect(html).toContain('<tbody>\n<tr><td class="vacio" colspan="2">Sin registros</td></tr>\n</tbody>');
  });
});

describe('exportResponse pdf', () => {
  const columns: ExportColumn[] = [
    { key: 'codigo', label: 'Código' },
    { key: 'nombre', label: 'Descripción' },
    { key: 'precio', label: 'Precio', kind: 'money' },
    { key: 'fecha', label: 'Fecha', kind: 'date' },
  ];
  const long = 'Grúa Tadano – año 2024 ¿Sí? ¡Ñandú! ÁÉÍÓÚÑ con una descripción tan larga que de ninguna manera cabe en su columna del reporte';
  const rows: Row[] = Array.from({ length: 200 }, (_, i) => ({
    codigo: `EQ-${i}`,
    nombre: i === 7 ? long : 'Grúa Tadano – año 2024',
    precio: '1234.5',
    fecha: '2026-11-22',
  }));

  it('is an A4 landscape PDF of several numbered pages with accents intact and long text cut', async () => {
    const pdf = await bodyOf(exportResponse(request('pdf', columns, rows, { title: 'Equipos de grúa' })));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
    const raw = pdf.toString('latin1');
    const pages = raw.match(/\/Type \/Page(?!s)\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(raw).toContain('/MediaBox [0 0 841.89 595.28]');
    // every object the cross-reference table points at is where it says
    const xrefAt = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)?.[1]);
    const entries = [...raw.slice(xrefAt).matchAll(/^(\d{10}) 00000 n ?$/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(pages.length * 2);
    entries.forEach((offset, i) => expect(raw.startsWith(`${i + 1} 0 obj`, offset)).toBe(true));

    const texts = pdfTexts(pdf);
    expect(texts.filter((t) => t === 'Equipos de grúa')).toHaveLength(pages.length);
    expect(texts.filter((t) => t === 'Descripción')).toHaveLength(pages.length); // header on every page
    expect(texts).toContain('Generado el 22/11/2026 10:00 AM');
    expect(texts.filter((t) => t === 'Grúa Tadano – año 2024')).toHaveLength(199);
    expect(texts).toContain('S/ 1,234.50');
    expect(texts).toContain('22/11/2026');
    const cut = texts.find((t) => t.startsWith('Grúa Tadano – año 2024 ¿Sí? ¡Ñandú! ÁÉÍÓÚÑ'));
    expect(cut).toMatch(/…$/);
    expect(cut?.length).toBeLessThan(long.length);
    for (let n = 1; n <= pages.length; n++) expect(texts).toContain(`Página ${n} de ${pages.length}`);
  });

  it('shows characters Helvetica lacks as folded or "?" instead of garbage', async () => {
    const pdf = await bodyOf(exportResponse(request('pdf', [{ key: 'n', label: 'Nombre' }], [{ n: 'Łódź 東京 ﬁn' }])));
    expect(pdfTexts(pdf)).toContain('?ódz ?? fin');
  });
});

describe('exportResponse headers', () => {
  const cases: [ExportKind, string][] = [
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pdf', 'application/pdf'],
    ['csv', 'text/csv; charset=utf-8'],
    ['html', 'text/html; charset=utf-8'],
  ];

  it.each(cases)('%s: status, content type, download name, no caching', async (kind, type) => {
    const response = exportResponse(request(kind, [{ key: 'a', label: 'A' }], [{ a: 1 }]));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="marcas_2026-11-22.${kind}"; filename*=UTF-8''marcas_2026-11-22.${kind}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await bodyOf(response)).length).toBeGreaterThan(0);
  });

  it('folds accents in the plain file name and percent-encodes the UTF-8 one', async () => {
    const response = exportResponse(request('csv', [{ key: 'a', label: 'A' }], [], { title: 'Almacén', fileBase: 'almacén' }));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="almacen_2026-11-22.csv"; filename*=UTF-8''almac%C3%A9n_2026-11-22.csv`,
    );
    await response.body?.cancel();
  });

  it("dates the file by Lima's calendar and keeps path characters out of the name", async () => {
    const response = exportResponse(request('pdf', [{ key: 'a', label: 'A' }], [], { fileBase: 'órdenes/"OT" (año)', now: new Date('2026-11-23T03:00:00Z') }));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="ordenes__OT_ (ano)_2026-11-22.pdf"; filename*=UTF-8''%C3%B3rdenes__OT_%20%28a%C3%B1o%29_2026-11-22.pdf`,
    );
    await response.body?.cancel();
  });
});

describe('exportResponse streaming', () => {
  const failures: unknown[] = [];
  const record = (error: unknown) => failures.push(error);
  beforeEach(() => {
    failures.length = 0;
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  });

  it.each(['xlsx', 'pdf', 'csv', 'html'] as const)('%s: rows failing midway error the body and nothing else', async (kind) => {
    let closed = false;
    async function* failing(): AsyncGenerator<Row> {
      try {
        for (let i = 0; i < 3000; i++) {
          if (i === 1500) throw new Error('conexión perdida');
          await Promise.resolve();
          yield { a: `fila ${i} con texto de relleno para ocupar espacio`, b: i };
        }
      } finally {
        closed = true;
      }
    }
    const response = exportResponse({ kind, title: 'Marcas', fileBase: 'marcas', columns: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B', kind: 'money' }], rows: failing(), now });
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    expect(failures).toEqual([]);
  });

  it.each(['xlsx', 'csv', 'html'] as const)('%s: rows are pulled as the client reads, and a client that leaves stops the query', async (kind) => {
    // Large enough that a stream without backpressure shows: the xlsx writer buffers a few
    // zip chunks (about 14,000 short rows on Node 24), the text formats far fewer.
    const total = 500_000;
    let pulled = 0;
    let closed = false;
    async function* many(): AsyncGenerator<Row> {
      try {
        for (let i = 0; i < total; i++) {
          pulled += 1;
          await Promise.resolve();
          yield { a: `fila ${i} con un texto de relleno que ocupa espacio`, b: i };
        }
      } finally {
        closed = true;
      }
    }
    const response = exportResponse({ kind, title: 'Marcas', fileBase: 'marcas', columns: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B', kind: 'decimal' }], rows: many(), now });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    expect(first.done).toBe(false);
    // the reader now stalls: the export must stall too, and soon
    let seen = -1;
    for (let waited = 0; pulled !== seen && waited < 10_000; waited += 250) {
      seen = pulled;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(pulled).toBe(seen);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(total / 10);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    expect(pulled).toBeLessThan(total / 10);
    expect(failures).toEqual([]);
  });
});

describe('columns formatted by kind (issue 13 §16)', () => {
  // Ids, years and states used to come out as money-like numbers: 32.00, 2,016.00, 3.00.
  const columns: ExportColumn[] = [
    { key: 'id', label: 'ID', kind: 'integer' },
    { key: 'anio', label: 'Año', kind: 'integer' },
    { key: 'estado', label: 'Estado', kind: 'integer' },
    { key: 'monto', label: 'Monto', kind: 'money' },
    { key: 'horas', label: 'Horas', kind: 'decimal' },
  ];
  const rows: Row[] = [{ id: 32, anio: '2016', estado: 3, monto: '1234.5', horas: 1234.5 }, { id: '12345', anio: 2016.4, estado: null, monto: 0, horas: '7' }];

  it('csv: integers bare, decimals with two places, money with the coin', async () => {
    const text = await textOf('csv', columns, rows);
    expect(text.split('\r\n').slice(1, 3)).toEqual(['32,2016,3,"S/ 1,234.50","1,234.50"', '12345,2016,,S/ 0.00,7.00']);
  });

  it('html: the same texts, numbers aligned right', async () => {
    const html = await textOf('html', columns, rows);
    expect(html).toContain('<tr><td class="num">32</td><td class="num">2016</td><td class="num">3</td><td class="num">S/ 1,234.50</td><td class="num">1,234.50</td></tr>');
  });

  it('pdf: the same texts', async () => {
    const texts = pdfTexts(await bodyOf(exportResponse(request('pdf', columns, rows))));
    for (const t of ['32', '2016', '3', 'S/ 1,234.50', '1,234.50', '12345', '7.00']) expect(texts).toContain(t);
    expect(texts.filter((t) => /^(32|3|2,016)\.00$|^2,016$/.test(t))).toEqual([]);
  });

  it('xlsx: native numbers, integers shown without separator or decimals', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exportResponse(request('xlsx', columns, rows, { coin: 'US$' })).arrayBuffer());
    const row = workbook.worksheets[0].getRow(2);
    expect([1, 2, 3, 4, 5].map((i) => row.getCell(i).value)).toEqual([32, 2016, 3, 1234.5, 1234.5]);
    expect([1, 2, 3, 4, 5].map((i) => row.getCell(i).numFmt)).toEqual(['0', '0', '0', '"US$ "#,##0.00', '#,##0.00']);
    expect(workbook.worksheets[0].getRow(3).getCell(2).value).toBe(2016);
  });
});
