/** RFC 5987 attr-char: everything else is percent-encoded in `filename*`. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` for old clients (non-ASCII, quotes,
 * backslashes and percent signs replaced) and, when the name needs it, `filename*` with the exact
 * UTF-8 name (RFC 5987), which every current browser prefers.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const header = `${type}; filename="${fallback}"`;
  return fallback === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`;
}
