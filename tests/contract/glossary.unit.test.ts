import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs that name the code's folders cannot go stale: every folder of a layer is named in
 * docs/GLOSSARY.md (the feature it serves, its words on screen), and the tables of
 * docs/ARCHITECTURE.md that list the projections and the API name each of their folders. A new,
 * renamed or removed folder fails here until the docs say so.
 */
const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The sub-folders of a folder (no tests, no hidden ones), or with `files` its source files too. */
function entries(dir: string, files = false): string[] {
  return readdirSync(join(root, dir)).filter((name) => {
    if (name.startsWith('.') || /\.test\.tsx?$/.test(name)) return false;
    const isDir = statSync(join(root, dir, name)).isDirectory();
    return isDir || (files && /\.tsx?$/.test(name));
  });
}

/** Every `backticked` word of a text, as a set. */
function quoted(text: string): Set<string> {
  return new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

/** The text of a section of a Markdown file: from its heading to the next heading of its level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`heading not found: ${heading}`);
  const level = heading.split(' ')[0];
  const next = markdown.indexOf(`\n${level} `, start + heading.length + 2);
  return markdown.slice(start, next < 0 ? undefined : next);
}

describe('docs name every folder', () => {
  const glossary = quoted(read('docs/GLOSSARY.md'));
  const layers: [string, string[]][] = [
    ['events', entries('events')],
    ['projections', entries('projections')],
    ['services/api', entries('services/api')],
    ['services/worker', entries('services/worker', true)],
    ['services/app', entries('services/app')],
    ['services/app/jobs', entries('services/app/jobs', true)],
    ['web/src/modules', entries('web/src/modules')],
  ];

  it.each(layers)('docs/GLOSSARY.md names every folder of %s', (layer, names) => {
    const missing = names.filter((name) => !glossary.has(name) && !glossary.has(`${layer}/${name}`));
    expect(missing, `add these ${layer} folders to docs/GLOSSARY.md`).toEqual([]);
  });

  it('docs/GLOSSARY.md names no folder that is gone', () => {
    const all = new Set(layers.flatMap(([layer, names]) => names.flatMap((n) => [n, `${layer}/${n}`])));
    const admin = new Set(entries('services/api/admin'));
    // Folder-like names of the table's layer columns: lower-case words with dashes, as folders are.
    const table = read('docs/GLOSSARY.md').split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| on screen') && !l.startsWith('| folder'));
    const named = table.flatMap((line) => line.split('|').slice(3, 8).flatMap((cell) => [...quoted(cell)]));
    const gone = named.filter((n) => !all.has(n) && !admin.has(n));
    expect(gone, 'docs/GLOSSARY.md names folders that do not exist').toEqual([]);
  });

  it("docs/ARCHITECTURE.md's projections table names every projection folder", () => {
    const table = quoted(section(read('docs/ARCHITECTURE.md'), '## Projections (`projections/`)'));
    const missing = entries('projections').filter((name) => name !== 'reactors' && !table.has(`${name}/`) && ![...table].some((q) => q.split(/,\s*/).includes(`${name}/`)));
    expect(missing).toEqual([]);
  });

  it("docs/ARCHITECTURE.md's API table names every API folder", () => {
    const text = section(read('docs/ARCHITECTURE.md'), '## The API (`services/api/`)');
    const table = quoted(text);
    const missing = entries('services/api').filter((name) => ![...table].some((q) => q === `${name}/` || q.startsWith(`${name}/`) || q === name));
    expect(missing).toEqual([]);
  });

  it("the README's bench line names every benchmark group of bench/run.ts", () => {
    const groups = [...read('bench/run.ts').matchAll(/wanted\('([a-z-]+)'\)/g)].map((m) => m[1]);
    const line = read('README.md').split('\n').find((l) => l.includes('`npm run bench`')) ?? '';
    expect(groups.length).toBeGreaterThan(10);
    expect(groups.filter((g) => !line.includes(`\`${g}\``))).toEqual([]);
  });
});
