// The entry of `npm start`: gives every platform process a bounded V8 heap (PLATFORM_HEAP_MB), then runs the launcher (scripts/launcher.ts).
import { heapSetting } from '../kernel/config.js';

/**
 * Node lets the old generation of a process grow to a quarter of the machine's memory (up to 4 GB) before it must
 * collect it, so under load a platform process keeps garbage it could have freed: about 1.2 GB resident after the
 * bench's load on a 24 GB machine. `npm start` bounds it with the defaults a user gets: the launcher's process is
 * replaced (`process.execve`: the same pid, standard streams and signals) by one started with
 * `--max-old-space-size=<PLATFORM_HEAP_MB>` in NODE_OPTIONS, which every process the launcher starts inherits (split
 * topology, replicas). Nothing changes when the bound is given already (NODE_OPTIONS or a flag of `node`), when
 * PLATFORM_HEAP_MB is `off` or invalid (the launcher's configuration check names it), or where Node has no `execve`
 * (Windows).
 */
const FLAG = '--max-old-space-size';
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith(FLAG));
// read as the configuration reads it: an invalid value is left to the launcher's check, which names it
const heap = heapSetting.safeParse(process.env.PLATFORM_HEAP_MB);
if (!given && heap.success && heap.data !== 'off' && typeof process.execve === 'function') {
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} ${FLAG}=${heap.data}`.trim();
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, NODE_OPTIONS: nodeOptions });
}
await import('./launcher.js');
