import ExcelJS from 'exceljs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkUpload } from './checkUpload';
import { describeKinds } from './describeKinds';
import { readUpload } from './readUpload';
import { removeUpload } from './removeUpload';
import { storeUpload } from './storeUpload';
import type { CheckedUpload, FileKind, UploadPolicy } from './types';

/** Bytes backed by a plain ArrayBuffer, as a File part must be. */
type Bytes = Uint8Array<ArrayBuffer>;

const ALL: FileKind[] = ['pdf', 'xlsx', 'xls', 'jpg', 'png', 'webp', 'gif', 'csv'];
const policy = (accept: FileKind[], maxKb = 2048): UploadPolicy => ({ field: 'adjunto', maxKb, accept });
const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
const utf8 = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]): Bytes => Uint8Array.from(parts.flatMap((p) => [...p]));

// Real samples, built here.
const PDF = utf8(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
/** 1×1 PNG, red pixel. */
const PNG = hex(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
);
/** 1×1 baseline JPEG, grey pixel. */
const JPG = hex(
  'ffd8ffe000104a46494600010100000100010000ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffc0000b080001000101011100ffc40014000100000000000000000000000000000006ffc40014100100000000000000000000000000000000ffda0008010100003f0048ffd9',
);
/** 1×1 lossless WebP. */
const WEBP = hex('524946461c000000574542505650384c0f0000002f000000000710fd8ffe0722a2ff0100');
/** 1×1 GIF89a. */
const GIF = hex('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b');
/** The header sector of an OLE2 compound file, the container of old .xls workbooks. */
const XLS = concat(hex('d0cf11e0a1b11ae1'), new Uint8Array(504));
/** UTF-8 with a BOM and accents, as Excel saves "CSV UTF-8". */
const CSV_UTF8 = concat(hex('efbbbf'), utf8('Código;Descripción;Ubicación\nGR-01;Grúa telescópica;Almacén Ñuñoa\n'));
/** Latin-1, as older Excel versions save CSV. */
const CSV_LATIN1 = Uint8Array.from(Buffer.from('Año;Descripción\n2024;Camión tolva\n', 'latin1'));
/** A Windows executable header and a Linux one. */
const EXE = concat(utf8('MZ'), new Uint8Array(126));
const ELF = concat(hex('7f454c46020101'), new Uint8Array(57));

async function xlsx(): Promise<Bytes> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Equipos');
  sheet.addRow(['Código', 'Descripción']);
  sheet.addRow(['GR-01', 'Grúa telescópica']);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A File that records every way its content is read. */
class SpyFile extends File {
  reads: string[] = [];
  override arrayBuffer() {
    this.reads.push('arrayBuffer');
    return super.arrayBuffer();
  }
  override text() {
    this.reads.push('text');
    return super.text();
  }
  override stream() {
    this.reads.push('stream');
    return super.stream();
  }
  override slice(start?: number, end?: number, contentType?: string) {
    this.reads.push('slice');
    return super.slice(start, end, contentType);
  }
}

async function accepted(file: File, p: UploadPolicy = policy(ALL)): Promise<CheckedUpload> {
  const result = await checkUpload(file, p);
  if (!result.ok) throw new Error(`refused: ${result.status} ${result.msg}`);
  return result.file;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('describeKinds', () => {
  it('gives Spanish labels, each once, in the policy order', () => {
    expect(describeKinds(['pdf', 'xlsx', 'xls'])).toBe('PDF, Excel');
    expect(describeKinds(['xls', 'csv', 'xlsx', 'pdf'])).toBe('Excel, CSV, PDF');
    expect(describeKinds(['jpg', 'png', 'webp', 'gif'])).toBe('imagen JPG, imagen PNG, imagen WebP, imagen GIF');
  });
});

describe('checkUpload: the kind comes from the bytes', () => {
  const samples: [string, () => Promise<Bytes> | Bytes, FileKind, string][] = [
    ['PDF', () => PDF, 'pdf', 'application/pdf'],
    ['xlsx from exceljs', xlsx, 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['old xls (compound file)', () => XLS, 'xls', 'application/vnd.ms-excel'],
    ['JPEG', () => JPG, 'jpg', 'image/jpeg'],
    ['PNG', () => PNG, 'png', 'image/png'],
    ['WebP', () => WEBP, 'webp', 'image/webp'],
    ['GIF', () => GIF, 'gif', 'image/gif'],
    ['CSV in UTF-8 with BOM and accents', () => CSV_UTF8, 'csv', 'text/csv'],
    ['CSV in Latin-1', () => CSV_LATIN1, 'csv', 'text/csv'],
  ];

  it.each(samples)('%s is detected whatever its name and declared type', async (_, make, kind, mime) => {
    const bytes = await make();
    const file = await accepted(new File([bytes], 'archivo.bin', { type: 'application/octet-stream' }));
    // The name shown and downloaded takes the detected kind's extension, not the client's.
    expect(file).toMatchObject({ kind, ext: kind, mime, size: bytes.byteLength, originalName: `archivo.${kind}` });
    expect(file.bytes).toEqual(bytes);
  });

  it('keeps only the last part of a client name that carries a path', async () => {
    const file = await accepted(new File([PDF], 'C:\\Users\\ana\\Informe técnico.pdf'));
    expect(file.originalName).toBe('Informe técnico.pdf');
  });

  it('names a file by the kind of its bytes, whatever extension the client gave it', async () => {
    expect((await accepted(new File([PDF], 'factura.html'))).originalName).toBe('factura.pdf');
    expect((await accepted(new File([PNG], 'foto.jpg.exe'))).originalName).toBe('foto.jpg.png');
    expect((await accepted(new File([JPG], '.jpg'))).originalName).toBe('documento.jpg');
    expect((await accepted(new File([CSV_UTF8], 'sin extensión'))).originalName).toBe('sin extensión.csv');
  });

  it('refuses a Windows executable renamed manual.pdf with 415', async () => {
    const result = await checkUpload(new File([EXE], 'manual.pdf', { type: 'application/pdf' }), policy(['pdf', 'xlsx', 'xls']));
    const msg = 'Tipo de archivo no permitido. Se aceptan: PDF, Excel.';
    expect(result).toEqual({ ok: false, status: 415, msg, errors: { adjunto: msg } });
  });

  it('refuses an ELF executable renamed data.xlsx with 415', async () => {
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const result = await checkUpload(new File([ELF], 'data.xlsx', { type }), policy(['xlsx', 'xls', 'csv']));
    const msg = 'Tipo de archivo no permitido. Se aceptan: Excel, CSV.';
    expect(result).toEqual({ ok: false, status: 415, msg, errors: { adjunto: msg } });
  });

  it('does not take a file with a binary signature for CSV, even when the rest is text', async () => {
    const result = await checkUpload(new File([utf8(`MZ${'x,y\n'.repeat(30)}`)], 'datos.csv', { type: 'text/csv' }), policy(['csv']));
    expect(result).toMatchObject({ ok: false, status: 415, msg: 'Tipo de archivo no permitido. Se aceptan: CSV.' });
  });

  it.each([
    ['a NUL byte', utf8('a;b\0;c\n')],
    ['a control character', utf8('a;b\u0001;c\n')],
    ['a BOM followed by invalid UTF-8', concat(hex('efbbbf'), Uint8Array.from(Buffer.from('Año;Camión\n', 'latin1')))],
  ])('does not take text with %s for CSV', async (_, bytes) => {
    const result = await checkUpload(new File([bytes], 'datos.csv', { type: 'text/csv' }), policy(['csv']));
    expect(result).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses a real file of a kind the field does not accept', async () => {
    const msg = 'Tipo de archivo no permitido. Se aceptan: PDF.';
    expect(await checkUpload(new File([PNG], 'foto.pdf'), policy(['pdf']))).toEqual({ ok: false, status: 415, msg, errors: { adjunto: msg } });
    expect(await checkUpload(new File([CSV_UTF8], 'datos.csv'), policy(['xlsx', 'xls']))).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses an empty file with 422 without reading it', async () => {
    const msg = 'El archivo está vacío.';
    const file = new SpyFile([], 'vacio.pdf');
    expect(await checkUpload(file, policy(ALL))).toEqual({ ok: false, status: 422, msg, errors: { adjunto: msg } });
    expect(file.reads).toEqual([]);
  });
});

describe('checkUpload: size', () => {
  it('refuses a file over the limit with 413 without reading it', async () => {
    const file = new SpyFile([new Uint8Array(2048 * 1024 + 1)], 'grande.pdf', { type: 'application/pdf' });
    const result = await checkUpload(file, policy(['pdf'], 2048));
    const msg = 'Archivo muy pesado, el límite es de 2048 KB.';
    expect(result).toEqual({ ok: false, status: 413, msg, errors: { adjunto: msg } });
    expect(file.reads).toEqual([]);
  });

  it('reads an accepted file (the spy does see reads)', async () => {
    const file = new SpyFile([PDF], 'informe.pdf');
    await accepted(file, policy(['pdf']));
    expect(file.reads).toEqual(['arrayBuffer']);
  });

  it('accepts exactly maxKb × 1024 bytes and refuses one byte more', async () => {
    const atLimit = concat(PDF, utf8(' '.repeat(1024 - PDF.byteLength)));
    expect((await accepted(new File([atLimit], 'a.pdf'), policy(['pdf'], 1))).size).toBe(1024);
    const over = await checkUpload(new File([atLimit, ' '], 'a.pdf'), policy(['pdf'], 1));
    expect(over).toMatchObject({ ok: false, status: 413, msg: 'Archivo muy pesado, el límite es de 1 KB.' });
  });
});

describe('storage', () => {
  let root: string;
  let dir: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'faena-upload-'));
    dir = join(root, 'data', 'uploads'); // does not exist yet: storeUpload creates it
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores under a random name with the detected extension, never the client name', async () => {
    const file = await accepted(new File([PDF], 'Informe mensual.xlsx'));
    const first = await storeUpload(dir, file);
    const second = await storeUpload(dir, file);
    expect(first).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(second).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(second).not.toBe(first);
    expect((await readdir(dir)).sort()).toEqual([first, second].sort());
    expect(new Uint8Array(await readFile(join(dir, first)))).toEqual(PDF);
  });

  it.each([
    ['PDF', () => PDF, 'application/pdf'],
    ['xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['PNG', () => PNG, 'image/png'],
    ['JPEG', () => JPG, 'image/jpeg'],
    ['CSV larger than one read chunk', () => utf8('Código;Descripción\n'.repeat(20_000)), 'text/csv'],
  ] as [string, () => Promise<Bytes> | Bytes, string][])('reads back a stored %s byte for byte', async (_, make, mime) => {
    const bytes = await make();
    const name = await storeUpload(dir, await accepted(new File([bytes], 'x')));
    const back = await readUpload(dir, name);
    expect(back).not.toBeNull();
    expect(back?.mime).toBe(mime);
    expect(back?.size).toBe(bytes.byteLength);
    const read = await readAll(back!.stream);
    expect(read.byteLength).toBe(bytes.byteLength);
    expect(Buffer.compare(read, bytes)).toBe(0);
  });

  it('refuses names that are not generated names, even when a file is there', async () => {
    await mkdir(join(dir, 'x'), { recursive: true });
    await mkdir(join(root, 'data', 'etc'), { recursive: true });
    const outside = join(root, 'data', 'etc', 'passwd');
    await writeFile(outside, PDF);
    await writeFile(join(dir, 'x', 'y.pdf'), PDF);
    const unknownExt = `${'a'.repeat(32)}.exe`;
    const upperCase = `${'A'.repeat(32)}.pdf`;
    await writeFile(join(dir, unknownExt), PDF);
    await writeFile(join(dir, upperCase), PDF);
    for (const name of ['../etc/passwd', 'x/y.pdf', outside, unknownExt, upperCase, '']) {
      expect(await readUpload(dir, name), name).toBeNull();
    }
  });

  it('gives null for a well-formed name with no file', async () => {
    await mkdir(dir, { recursive: true });
    expect(await readUpload(dir, `${'0'.repeat(32)}.pdf`)).toBeNull();
    expect(await readUpload(join(root, 'nowhere'), `${'0'.repeat(32)}.pdf`)).toBeNull();
  });

  it('does not follow a symbolic link planted under a generated-looking name', async () => {
    await mkdir(dir, { recursive: true });
    const outside = join(root, 'secret.pdf');
    await writeFile(outside, PDF);
    const name = `${'b'.repeat(32)}.pdf`;
    await symlink(outside, join(dir, name));
    expect(await readUpload(dir, name)).toBeNull();
  });

  it('removes a stored file once, and refuses bad names without touching anything', async () => {
    const name = await storeUpload(dir, await accepted(new File([PNG], 'foto.png')));
    const outside = join(root, 'data', 'secret.png');
    await writeFile(outside, PNG);
    for (const bad of ['../secret.png', outside, `${name}/..`, name.replace('.png', '.exe')]) {
      expect(await removeUpload(dir, bad), bad).toBe(false);
    }
    expect(await readdir(dir)).toEqual([name]);
    expect(new Uint8Array(await readFile(outside))).toEqual(PNG);

    expect(await removeUpload(dir, name)).toBe(true);
    expect(await readdir(dir)).toEqual([]);
    expect(await readUpload(dir, name)).toBeNull();
    expect(await removeUpload(dir, name)).toBe(false);
  });
});
