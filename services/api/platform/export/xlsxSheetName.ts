/** Excel's sheet-name rules: 31 characters at most, none of \ / ? * [ ] :, no apostrophe at either end, never empty. */
export function xlsxSheetName(title: string): string {
  const name = title
    .replace(/[\\/?*[\]:\u0000-\u001f]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(/^'+|'+$/g, '')
    .trim();
  return name || 'Hoja1';
}
