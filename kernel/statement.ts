/** The SQL statement the kernel and the subgraphs pass around, apart from kernel/db.ts so that the modules db.ts loads can name it. */

/** A statement and its parameters (`?` placeholders), to run alone or inside a caller's larger statement. */
export interface Statement {
  sql: string;
  params: unknown[];
}
