import { getMetadataStorage as validatorMetadata, validate, type ValidatorOptions } from 'class-validator';
import { ArgumentValidationError, getMetadataStorage, type ValidatorFn } from 'type-graphql';
import { validationError } from './errors.js';
import type { Principal } from './principal.js';

/**
 * The one input rule every subgraph's arguments go through (kernel/subgraph.ts passes `validateArguments` to
 * type-graphql), before class-validator runs:
 *
 * **Explicit `null`** (docs/contract.md, "PATCH semantics"): an absent field means "unchanged" (updates) or "the
 * default" (creations); `null` is accepted only for a field declared `@Nullable()`, where it clears the value (on an
 * update) or means "none" (on a creation). `null` anywhere else is a VALIDATION_ERROR naming the field
 * (`name: must not be null`, `operatingHours.0.openTime: …`), so no service ever sees a null it did not ask for.
 * A family whose optional fields all treat `null` as absent (the utilities queries, which store nothing) says so once,
 * `nullMeansAbsent` in its SubgraphDefinition (or `@NullMeansAbsent()` on one input class). Arguments of `@ArgsType`
 * classes (list filters, paging) are query parameters: `null` there is absent.
 */

const nullableFields = new WeakMap<object, Set<string>>();
const nullMeansAbsent = new WeakSet<object>();

/** This input field accepts `null`: it clears the stored value on an update, and means "none" on a creation. */
export function Nullable(): PropertyDecorator {
  return (prototype, key) => {
    let own = nullableFields.get(prototype);
    if (!own) nullableFields.set(prototype, (own = new Set()));
    own.add(String(key));
  };
}

/** Every nullable field of this input class treats `null` as absent (inputs of queries that store nothing). */
export function NullMeansAbsent(): ClassDecorator {
  return (target) => {
    nullMeansAbsent.add(target);
  };
}

function acceptsNull(ctor: Function, key: string): boolean {
  for (let c: Function | null = ctor; c && c !== Object && c !== Function.prototype; c = Object.getPrototypeOf(c) as Function | null) {
    if (nullMeansAbsent.has(c)) return true;
    if (nullableFields.get(c.prototype as object)?.has(key)) return true;
  }
  return false;
}

let inputClasses: Set<Function> | undefined;
/** Classes decorated with `@InputType` (type-graphql turns every input object into an instance of its class). */
function isInputClass(ctor: unknown): ctor is Function {
  inputClasses ??= new Set(getMetadataStorage().inputTypes.map((t) => t.target));
  return typeof ctor === 'function' && inputClasses.has(ctor);
}

/** Throws VALIDATION_ERROR for the first `null` given to a field that does not accept it. */
export function checkNulls(value: unknown, path = ''): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkNulls(item, path ? `${path}.${i}` : String(i)));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const ctor = value.constructor;
  // JSON scalars (plain or prototype-less objects), uploads and other scalar values are not input objects
  if (!isInputClass(ctor)) return;
  for (const [key, v] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (v === null) {
      if (!acceptsNull(ctor, key)) throw validationError(field, 'must not be null');
    } else {
      checkNulls(v, field);
    }
  }
}

const withRules = new WeakMap<Function, boolean>();
/**
 * Whether class-validator holds a rule for instances of `ctor`, its own or inherited. `validate` of an object without
 * any finds nothing, yet first scans every class that has rules (25 µs of a nearby search, docs/performance.md "Where
 * a nearby search's time goes"). Rules are decorators, registered when their class is defined: the answer is kept.
 */
function hasRules(ctor: Function): boolean {
  let has = withRules.get(ctor);
  if (has === undefined) withRules.set(ctor, (has = validatorMetadata().getTargetValidationMetadatas(ctor, '', true, false).length > 0));
  return has;
}

/**
 * type-graphql's argument validation for every subgraph: the null rule, then class-validator with the options
 * type-graphql would use (missing properties skipped: absent means unchanged; unknown values allowed).
 */
export function argumentValidator(options: ValidatorOptions = {}, rules: { nullMeansAbsent?: boolean } = {}): ValidatorFn {
  const validatorOptions: ValidatorOptions = { skipMissingProperties: true, forbidUnknownValues: false, ...options };
  // with neither option, an object whose class has no rule cannot fail (class-validator's ValidationExecutor)
  const ruleless = !validatorOptions.forbidUnknownValues && !validatorOptions.whitelist;
  return async (argValue, _type, data) => {
    // a permission probe's arguments are placeholders (kernel/principal.ts `Principal.probe`): only its scope check counts
    if ((data?.context as { principal?: Principal } | undefined)?.principal?.probe) return;
    if (argValue === null || argValue === undefined || typeof argValue !== 'object') return;
    if (!rules.nullMeansAbsent) checkNulls(argValue);
    const items: unknown[] = Array.isArray(argValue) ? argValue : [argValue];
    for (const [i, item] of items.entries()) {
      if (item === null || typeof item !== 'object') continue;
      if (ruleless && !hasRules(item.constructor)) continue;
      const errors = await validate(item, validatorOptions);
      if (!errors.length) continue;
      // the elements of a list argument are named by their index (`0.weight`), as REST names them in an array body
      if (Array.isArray(argValue)) for (const e of errors) e.property = `${i}.${e.property}`;
      throw new ArgumentValidationError(errors);
    }
  };
}
