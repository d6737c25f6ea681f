import { IotDevice } from '../devices/entities.js';
import { AppError, validationError } from '../../../kernel/errors.js';
import { Memo } from '../../../kernel/memo.js';
import { dropAssignments } from '../connectors/service.js';
import { changeStatus, changeTags, created, findByReference, findText, iotDescription, iotTags, listOf, newReference, removed } from '../common/records-service.js';
import type { IotStatus } from '../common/enums.js';
import type { IotScope } from '../common/scope.js';
import type { IotFindArgs, IotTagsInput, ParsedReport } from '../common/types.js';
import { compileRule } from './compile.js';
import { measuredAt, nest } from './telemetry-values.js';
import { checkRule } from './check.js';
import { type CompiledRule, type RuleDefinition } from './vocabulary.js';
import { IotRule } from './entities.js';
import type { IotRuleCreateInput, IotRuleListArgs } from './types.js';

/** An IoTSP's rules (docs/iot.md "Rules"): create (checked whole), read, list, find, tags, status, delete, dry run. */

export const findRule = (s: IotScope, reference: string) => findByReference(s, IotRule, 'rule', reference);

/**
 * A reference a client chooses must stay readable by `GET /v1/iotsp/rules/:reference`: not a word of the rule paths
 * (`find`, `add`: the literal routes win) and not of the platform's own form (`RUL-` and 10 characters).
 */
function assertClientReference(reference: string): void {
  const ref = reference.trim();
  if (/^(find|add)$/i.test(ref)) throw validationError('reference', `"${ref}" is a word of the rule paths; choose another reference`);
  if (/^RUL-[0-9A-Z]{10}$/i.test(ref)) throw validationError('reference', 'RUL- and 10 characters is the form of the references the platform gives; choose another');
}

export async function createRule(s: IotScope, input: IotRuleCreateInput): Promise<IotRule> {
  const def = { head: input.head, struct: input.struct, schema: input.schema } as unknown as RuleDefinition;
  const problems = checkRule(def);
  if (problems.length) {
    const first = problems[0];
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more: ${problems
            .slice(1, 6)
            .map((p) => `${p.field}: ${p.message}`)
            .join('; ')})`
        : '';
    throw validationError(first.field, `${first.message}${more}`);
  }
  if (input.reference !== undefined) assertClientReference(input.reference);
  const by = s.principal.userId;
  const rule = s.em.create(IotRule, {
    reference: input.reference?.trim() || newReference('rule'),
    type: input.type ?? 'REPORT',
    description: iotDescription(input.description),
    head: input.head,
    struct: input.struct,
    schema: def.schema,
    tags: iotTags(input.tags),
    createdBy: by,
    updatedBy: by,
  });
  return created(s, 'rule', rule, { field: 'reference', message: 'the IoTSP already has a rule with this reference' });
}

export const listRules = (s: IotScope, args: IotRuleListArgs) => listOf(s, IotRule, args, args.type ? { type: args.type } : {});

/** `find`: the text in the reference, description, tags or head markers. */
export const findRules = (s: IotScope, args: IotFindArgs) => findText(s, IotRule, 'rule', 'head', args);

export const updateRuleTags = async (s: IotScope, reference: string, input: IotTagsInput) => changeTags(s, 'rule', await findRule(s, reference), input);

export const changeRuleStatus = async (s: IotScope, reference: string, status: IotStatus) => changeStatus(s, 'rule', await findRule(s, reference), status);

/** Refused (409) while devices speak the rule: move them to another rule, or delete them, first. */
export async function deleteRule(s: IotScope, reference: string) {
  const rule = await findRule(s, reference);
  return removed(s, 'rule', IotRule, rule, async (tx) => {
    const devices = await tx.count(IotDevice, { rule: rule.id });
    if (devices) throw new AppError('CONFLICT', `The rule is used by ${devices} device(s); move them to another rule or delete them first`);
    await dropAssignments(tx, rule.id);
  });
}

// ───────────────────────────── parsing ─────────────────────────────

/** Compiled parsers by rule id and last change: a rule compiles once (its definition never changes). */
const compiled = new Memo<string, CompiledRule>(10_000);

export function parserOf(rule: { id: string; head: string[]; struct: string; schema: Record<string, unknown> }): CompiledRule {
  return compiled.of(rule.id, () => compileRule({ head: rule.head, struct: rule.struct, schema: rule.schema } as RuleDefinition));
}

/** The answer a parse gives a caller: nested typed values, or the error. */
export function parsedReport(parser: CompiledRule, line: string): ParsedReport {
  const r = parser.parse(line);
  if (!r.ok) return { ok: false, head: null, values: null, measuredAt: null, error: { ...r.error, field: r.error.field ?? null } };
  return { ok: true, head: r.head, values: nest(r.values), measuredAt: measuredAt(r.values), error: null };
}

/** A dry run: parse `line` with the rule, store nothing (docs/iot.md "Dry run"). */
export async function dryRunRule(s: IotScope, reference: string, line: string): Promise<ParsedReport> {
  const rule = await findRule(s, reference);
  return parsedReport(parserOf(rule), line);
}
