// The text the standard PDF fonts can show, for every PDF the services draw (the API's exports
// and forms, the worker's profitability report).

/** Characters outside Latin-1 that WinAnsiEncoding still has (€ – — ‘ ’ “ ” … • ™ Œ œ Š š Ÿ Ž ž ƒ ˆ ˜ † ‡ ‰ ‹ ›). */
const winAnsiExtras = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"].map((c) => c.codePointAt(0)));

/**
 * Text the standard PDF fonts (Helvetica, WinAnsiEncoding) can show: Spanish letters and
 * punctuation pass untouched; line breaks and tabs become spaces; other characters become their
 * unaccented or compatibility form when that is printable (ź → z, ﬁ → fi), else '?'. Anything else would come out as garbage.
 */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (printable(code) || winAnsiExtras.has(code)) result += char;
    else if (code === 0x09 || code === 0x0a || code === 0x0d) result += ' ';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) continue;
    else {
      const folded = char.normalize('NFKD').replace(/\p{M}/gu, '');
      result += folded && [...folded].every((c) => printable(c.charCodeAt(0))) ? folded : '?';
    }
  }
  return result;
}

function printable(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
}
