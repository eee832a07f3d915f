const BOM = [0xef, 0xbb, 0xbf];

/** Tab, line feed and carriage return are the only control characters a CSV may hold. */
function isAllowedControl(code: number): boolean {
  return code === 0x09 || code === 0x0a || code === 0x0d;
}

/** Text is printable when it has no C0 control (other than tab/LF/CR), no DEL and no C1 control. */
function isPrintable(code: number): boolean {
  if (code < 0x20) return isAllowedControl(code);
  return code < 0x7f || code > 0x9f;
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes); // strips a leading BOM
  } catch {
    return undefined;
  }
}

/** Whether the bytes are CSV-like text: no NUL byte anywhere, and either valid UTF-8 (a BOM is
 * allowed) of printable characters, or printable Latin-1 (bytes 0x20–0x7E, 0xA0–0xFF, tab, LF,
 * CR). A file starting with a UTF-8 BOM must be valid UTF-8. Binary signatures are ruled out by
 * the caller (detectKind) before this check. */
export function isCsvText(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  const text = decodeUtf8(bytes);
  if (text !== undefined) {
    for (let i = 0; i < text.length; i++) if (!isPrintable(text.charCodeAt(i))) return false;
    return true;
  }
  if (BOM.every((b, i) => bytes[i] === b)) return false;
  for (const byte of bytes) if (!isPrintable(byte)) return false;
  return true;
}
