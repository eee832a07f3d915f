/** A client's file name for display and download, with the extension of the kind detected from
 * the bytes instead of the one the client wrote ('informe.exe' holding a PDF → 'informe.pdf'), so a
 * download never reaches the user's disk under an extension its content does not have. Any folder
 * part is dropped; a name with nothing before its extension becomes 'documento'. */
export function withKindExtension(name: string, ext: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '').trim();
  return `${stem || 'documento'}.${ext}`;
}
