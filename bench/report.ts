/** One figure the benchmark prints, beside its budget. */
export interface BenchRow {
  label: string;
  value: string;
  budget: string;
  /** true: within budget; false: over it; null: no budget, or could not be measured here. */
  ok: boolean | null;
  note?: string;
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((row) => row.label.length), 10);
  for (const row of rows) {
    const mark = row.ok === null ? "  ·" : row.ok ? " ok" : "OVER";
    console.log(`${mark.padStart(4)}  ${row.label.padEnd(width)}  ${row.value.padStart(12)}   budget ${row.budget}${row.note ? `   (${row.note})` : ""}`);
  }
}
