/** Tags as every family stores them (an LSP's FAQs, an IoTSP's rules, topics and devices). */
import { validationError } from '../kernel/errors.js';

/** Tags as stored: trimmed, lower case, without duplicates, in the order given. */
export function normalTags(tags: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const t of tags ?? []) {
    const tag = t.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!tag) throw validationError('tags', 'a tag must not be blank');
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}
