// The entry of `npm start`: gives every platform process bounded V8 heaps (PLATFORM_HEAP_MB, PLATFORM_SEMI_SPACE_MB), then runs the launcher (scripts/launcher.ts).
import { heapSetting, semiSpaceBound } from '../kernel/config.js';

/**
 * Node lets the old generation of a process grow to a quarter of the machine's memory (up to 4 GB) before it must
 * collect it, so under load a platform process keeps garbage it could have freed: about 1.2 GB resident after the
 * bench's load on a 24 GB machine. And V8 grows the young generation under load to tens of MB per semispace, which on
 * the embedded database (PostgreSQL in the same process) is 100–140 MB resident after the bench's load
 * (docs/performance.md "Memory").
 *
 * `npm start` bounds both with the defaults a user gets: the launcher's process is replaced (`process.execve`: the same
 * pid, standard streams and signals) by one started with `--max-old-space-size=<PLATFORM_HEAP_MB>` and, on the
 * embedded database, `--max-semi-space-size=<PLATFORM_SEMI_SPACE_MB>` in NODE_OPTIONS, which every process the
 * launcher starts inherits (split topology, replicas). A bound already given (NODE_OPTIONS or a flag of `node`) wins;
 * `off` or an invalid value (which the launcher's configuration check names) sets none; nothing changes where Node has
 * no `execve` (Windows).
 */
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const flags: string[] = [];
// read as the configuration reads them
const heap = heapSetting.safeParse(process.env.PLATFORM_HEAP_MB);
if (!given.some((a) => a.startsWith('--max-old-space-size')) && heap.success && heap.data !== 'off') flags.push(`--max-old-space-size=${heap.data}`);
const semiSpace = semiSpaceBound(process.env);
if (!given.some((a) => a.startsWith('--max-semi-space-size')) && typeof semiSpace === 'number') flags.push(`--max-semi-space-size=${semiSpace}`);
if (flags.length && typeof process.execve === 'function') {
  const nodeOptions = [process.env.NODE_OPTIONS ?? '', ...flags].join(' ').trim();
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, NODE_OPTIONS: nodeOptions });
}
await import('./launcher.js');
