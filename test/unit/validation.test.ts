import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import { ArgumentValidationError, Field, InputType, Int } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../kernel/errors.js';
import { argumentValidator, checkNulls, Nullable, NullMeansAbsent } from '../../kernel/validation.js';
import { failure } from './support.js';

/**
 * kernel/validation.ts (docs/contract.md, "PATCH semantics"): an absent field is "unchanged" or "the default"; `null`
 * is accepted only for a field declared @Nullable() (it clears it), or everywhere in an input marked
 * @NullMeansAbsent(); any other `null` is VALIDATION_ERROR naming the field path. Then class-validator runs, skipping
 * missing properties. The input classes below are decorated by calling the decorators (test files are not compiled
 * with decorator support), exactly as the `@` syntax would.
 */
class Address {
  city?: string | null;
  zip?: string | null;
}
Field(() => String, { nullable: true })(Address.prototype, 'city');
Field(() => String, { nullable: true })(Address.prototype, 'zip');
Nullable()(Address.prototype, 'zip');
InputType('UnitAddressInput')(Address);

class Person {
  name?: string | null;
  nickname?: string | null;
  age?: number | null;
  address?: Address | null;
  addresses?: Address[] | null;
  meta?: unknown;
}
Field(() => String, { nullable: true })(Person.prototype, 'name');
Field(() => String, { nullable: true })(Person.prototype, 'nickname');
Nullable()(Person.prototype, 'nickname');
Field(() => Int, { nullable: true })(Person.prototype, 'age');
IsInt()(Person.prototype, 'age');
Min(0)(Person.prototype, 'age');
Field(() => Address, { nullable: true })(Person.prototype, 'address');
Nullable()(Person.prototype, 'address');
Field(() => [Address], { nullable: true })(Person.prototype, 'addresses');
InputType('UnitPersonInput')(Person);

class Employee extends Person {
  badge?: string | null;
}
Field(() => String, { nullable: true })(Employee.prototype, 'badge');
InputType('UnitEmployeeInput')(Employee);

class Query {
  near?: string | null;
  radius?: number | null;
}
Field(() => String, { nullable: true })(Query.prototype, 'near');
Field(() => Int, { nullable: true })(Query.prototype, 'radius');
NullMeansAbsent()(Query);
InputType('UnitQueryInput')(Query);

const make = <T extends object>(cls: new () => T, values: Partial<T>): T => Object.assign(new cls(), values);

describe('the null rule', () => {
  it('null for a field that is not @Nullable is VALIDATION_ERROR "field: must not be null"', () => {
    expect(failure(() => checkNulls(make(Person, { name: null })))).toEqual({ code: 'VALIDATION_ERROR', field: 'name', message: 'name: must not be null' });
  });

  it('null for a @Nullable field is accepted (it clears the value); absent fields are fine', () => {
    expect(() => checkNulls(make(Person, { nickname: null, address: null }))).not.toThrow();
    expect(() => checkNulls(make(Person, {}))).not.toThrow();
  });

  it('nested input objects are checked with their path, list positions included', () => {
    expect(failure(() => checkNulls(make(Person, { address: make(Address, { city: null }) })))).toEqual({ code: 'VALIDATION_ERROR', field: 'address.city', message: 'address.city: must not be null' });
    expect(() => checkNulls(make(Person, { address: make(Address, { zip: null }) }))).not.toThrow();
    expect(failure(() => checkNulls(make(Person, { addresses: [make(Address, { city: 'Nairobi' }), make(Address, { city: null })] }))).field).toBe('addresses.1.city');
    expect(failure(() => checkNulls([make(Person, {}), make(Person, { name: null })], 'people')).field).toBe('people.1.name');
    expect(failure(() => checkNulls([make(Person, { name: null })])).field).toBe('0.name');
  });

  it("a subclass inherits its parent's @Nullable fields, and its own fields follow the rule", () => {
    expect(() => checkNulls(make(Employee, { nickname: null }))).not.toThrow();
    expect(failure(() => checkNulls(make(Employee, { badge: null }))).field).toBe('badge');
    expect(failure(() => checkNulls(make(Employee, { name: null }))).field).toBe('name');
  });

  it('@NullMeansAbsent: every null of that input is accepted', () => {
    expect(() => checkNulls(make(Query, { near: null, radius: null }))).not.toThrow();
  });

  it('JSON scalars (plain objects) and other values are not input objects: nulls inside them are theirs', () => {
    expect(() => checkNulls(make(Person, { meta: { a: null, b: [null] } }))).not.toThrow();
    expect(() => checkNulls({ name: null })).not.toThrow();
    expect(() => checkNulls(null)).not.toThrow();
    expect(() => checkNulls('text')).not.toThrow();
    expect(() => checkNulls(new Date())).not.toThrow();
  });
});

describe("argumentValidator (type-graphql's validation for every subgraph)", () => {
  // a ValidatorFn may answer synchronously (void) or with a promise: one promise either way
  const validate = (value: unknown, rules?: { nullMeansAbsent?: boolean }) => Promise.resolve(argumentValidator({}, rules)(value, Person as never, {} as never));

  it('a valid input passes; a missing property is skipped (absent means unchanged)', async () => {
    await expect(validate(make(Person, { age: 30 }))).resolves.toBeUndefined();
    await expect(validate(make(Person, { name: 'Ada' }))).resolves.toBeUndefined();
  });

  it('a class-validator rule broken is an ArgumentValidationError listing the property', async () => {
    const err = await validate(make(Person, { age: -1 })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ArgumentValidationError);
    const errors = (err as ArgumentValidationError).extensions.validationErrors as { property: string; constraints: Record<string, string> }[];
    expect(errors.map((e) => [e.property, Object.keys(e.constraints)])).toEqual([['age', ['min']]]);
  });

  it('the null rule runs first: null for a non-nullable field is VALIDATION_ERROR, not a class-validator error', async () => {
    const err = await validate(make(Person, { name: null })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('name: must not be null');
  });

  it('a family whose nulls mean absent skips the null rule', async () => {
    await expect(validate(make(Person, { name: null }), { nullMeansAbsent: true })).resolves.toBeUndefined();
  });

  it('each element of a list argument is validated', async () => {
    const err = await validate([make(Person, { age: 1 }), make(Person, { age: 1.5 })]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ArgumentValidationError);
    await expect(validate([make(Person, { age: 1 }), null, 'x'])).resolves.toBeUndefined();
  });

  it("a class's inherited rules are checked (a class without rules of its own is not skipped when its parent has some)", async () => {
    class Employee extends Person {}
    const err = await validate(make(Employee, { age: -1 })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ArgumentValidationError);
    // and a class with no rule at all, anywhere, passes whatever it holds
    await expect(validate(make(Address, { city: 'Rotterdam', zip: null }))).resolves.toBeUndefined();
  });

  it('a plain object (a JSON scalar, not an input class) is not refused as an unknown value', async () => {
    await expect(validate({ age: -5, anything: null })).resolves.toBeUndefined();
  });

  it('scalars, null and undefined are not validated', async () => {
    await expect(validate(undefined)).resolves.toBeUndefined();
    await expect(validate(null)).resolves.toBeUndefined();
    await expect(validate(5)).resolves.toBeUndefined();
  });

  it('given options are passed to class-validator (skipMissingProperties: false makes a missing age an error)', async () => {
    const err = await Promise.resolve(argumentValidator({ skipMissingProperties: false })(make(Person, {}), Person as never, {} as never)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ArgumentValidationError);
    const errors = (err as ArgumentValidationError).extensions.validationErrors as { property: string }[];
    expect(errors.map((e) => e.property)).toEqual(['age']);
  });
});
