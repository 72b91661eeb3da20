/** Whether a failed query broke a unique index (SQLSTATE 23505; drivers put it on the error or its `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  if (code !== '23505') return false;
  if (!constraint) return true;
  const name = e?.constraint ?? e?.cause?.constraint;
  // PGlite does not always name the constraint; then any unique violation counts.
  return typeof name !== 'string' || name === constraint;
}
