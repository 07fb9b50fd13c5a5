/** The rows of a raw `db.execute` answer: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
