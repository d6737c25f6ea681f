// The bench's one report writer: markdown blocks and tables, number formats, percentiles, ratios, BENCH_OUT.
/**
 * Every section of `npm run bench` returns its data and declares its report as blocks (a heading, a paragraph, a list,
 * a code block, or a table: its columns, their alignment and its rows of formatted cells); `render` writes them as
 * markdown, one blank line between blocks, and `publish` prints it and writes it to BENCH_OUT. Numbers are formatted
 * here (`fmt`), percentiles taken here (`pct`, nearest rank, over every sample kept at full resolution) and medians
 * over rounds (`median`), so that every table of every section reads the same way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

// ───────────────────────────── percentiles ─────────────────────────────

/** The nearest-rank percentile `q` (0 to 1) of values sorted in ascending order; NaN when there are none. */
export function pct(sorted: ArrayLike<number>, q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** A copy of `xs` in ascending order (for `pct`). */
export const ascending = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** The median of the finite values of `xs` (the mean of the middle two when there is an even number of them). */
export const median = (xs: number[]): number => {
  const s = ascending(xs.filter((x) => Number.isFinite(x)));
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

// ───────────────────────────── numbers ─────────────────────────────

/** Cell formats; a value that is not a finite number is `–`. */
export const fmt = {
  /** Requests a second: whole from 100 on, else one decimal. */
  rps: (n: number) => (Number.isFinite(n) ? (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1)) : '–'),
  /** Milliseconds: two decimals below 10, one below 100, else whole. */
  ms: (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US')) : '–'),
  /** A ratio: `1.23×`, `12.3×`. */
  x: (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)}×` : '–'),
  /** Rounded to a whole number, with thousands separators. */
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–'),
  /** Exactly `digits` decimals, with thousands separators. */
  fixed: (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }),
  /** A share (0 to 1) as a percentage with one decimal. */
  percent: (share: number) => `${(100 * share).toFixed(1)}%`,
  /** Bytes as whole megabytes. */
  mb: (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`,
};

/** `a` against `b` (a layer against the bare baseline, or another layer) as `fmt.x`. */
export const ratio = (a: number, b: number): string => fmt.x(a / b);

// ───────────────────────────── blocks ─────────────────────────────

/** A table: its column titles, their alignment (`l` or `r` per column, e.g. `lrrr`) and its rows of cells. */
export interface Table {
  columns: string[];
  align: string;
  rows: string[][];
}

/** A block of the report: markdown text (a heading, a paragraph, a list, a code block) or a table. */
export type Block = string | Table;

export function table(columns: string[], rows: string[][], align: string): Table {
  if (align.length !== columns.length || /[^lr]/.test(align)) throw new Error(`table ${columns.join(' | ')}: align "${align}" must give l or r for each column`);
  return { columns, align, rows };
}

/** A bulleted list (one item a line). */
export const list = (items: string[]): string => items.map((n) => `- ${n}`).join('\n');

/** A fenced code block. */
export const code = (text: string): string => `\`\`\`\n${text}\n\`\`\``;

function tableLines({ columns, align, rows }: Table): string[] {
  const right = (i: number) => align[i] === 'r';
  const widths = columns.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (right(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [line(columns), `|${widths.map((w, i) => (right(i) ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`, ...rows.map(line)];
}

/** The blocks as markdown, a blank line between two. */
export function render(blocks: Block[]): string {
  return blocks.map((b) => (typeof b === 'string' ? b : tableLines(b).join('\n'))).join('\n\n');
}

/** Prints the report and writes it to BENCH_OUT when that is set. */
export function publish(md: string, log: (msg: string) => void): void {
  process.stdout.write(`\n${md}\n`);
  if (process.env.BENCH_OUT) {
    writeFileSync(process.env.BENCH_OUT, `${md}\n`);
    log(`markdown written to ${process.env.BENCH_OUT}`);
  }
}

// ───────────────────────────── the machine ─────────────────────────────

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The machine, as the settings table names it: CPU model, cores, memory. */
export function machine(): string {
  const cpu = /model name\s*:\s*(.+)/.exec(safeRead('/proc/cpuinfo'))?.[1] ?? cpus()[0]?.model ?? '?';
  return `${cpu}, ${cpus().length} cores, ${fmt.mb(totalmem())} RAM`;
}

/** The installed version of a package of the project (`?` when it cannot be read). */
export function pkgVersion(name: string): string {
  const file = fileURLToPath(new URL(`../../../node_modules/${name}/package.json`, import.meta.url));
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}
