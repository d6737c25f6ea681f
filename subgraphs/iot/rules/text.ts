/** The character-level helpers the rule checker and the report parser share: quoting a user's text, classifying characters. */

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A user string in a message: quoted, at most 40 characters. */
export function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** What an arbitrary JS value is, for a message (never throws, whatever the value). */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string':
      return `the string ${quote(v)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof v} ${String(v)}`;
    case 'undefined':
      return 'nothing';
    default:
      return `a value of type ${typeof v}`;
  }
}

/** U+XXXX of the character at `i`. */
export const codePoint = (s: string, i: number) => `U+${(s.codePointAt(i) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** A control character a line, a value or a topic may not hold: C0 but tab, DEL, C1. */
export const isControl = (c: number) => (c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f);

export const isSpace = (c: number) => c === 0x20 || c === 0x09;
export const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
export const isHexDigit = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Whether s[from..end) equals `lower` (a lower-case word), ignoring ASCII case; no allocation. */
export function equalsIgnoreCase(s: string, from: number, end: number, lower: string): boolean {
  if (end - from !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let c = s.charCodeAt(from + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}
