import { describe, expect, it } from 'vitest';
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { compileWire } from '../../rest-bridge/wire.js';
import { restError, variablesFor, type CompiledOperation } from '../../rest-bridge/translate.js';
import type { RouteSpec } from '../../rest-bridge/routes/types.js';
import { failure } from './support.js';

/**
 * The bridge's enum forms (rest-bridge/wire.ts): a REST spelling of an enum value the graph writes otherwise (both
 * ways), enum values of a body checked with the dotted body field REST names, `-` for `_` in enum path parameters,
 * and errors named after the REST field an operation fills from a variable of another name.
 */

const schema = buildSchema(`
  enum OperatingMode { ALWAYS_OPEN SCHEDULED }
  enum DayOfWeek { MONDAY TUESDAY }
  enum TransitType { FIRST_MILE LAST_MILE }
  input HourInput { day: DayOfWeek! }
  input ScheduleInput { days: [DayOfWeek!]! }
  input SiteInput { mode: OperatingMode, hours: [HourInput!], schedules: [ScheduleInput!], transit: TransitType }
  input AssignInput { vehicleId: ID!, terms: [String!] }
  type Hour { day: DayOfWeek! }
  type Site { id: ID!, mode: OperatingMode!, hours: [Hour!]!, transit: TransitType }
  type Query { site(id: ID!): Site }
  type Mutation {
    saveSite(input: SiteInput!): Site
    createArea(transitType: TransitType!, input: SiteInput!): Site
    assign(agentId: ID!, input: AssignInput!): Boolean
  }
`);

const SAVE = parse('mutation Save($input: SiteInput!) { saveSite(input: $input) { id mode hours { day } transit } }');
const SPELLINGS = { OperatingMode: { '24_7': 'ALWAYS_OPEN' }, TransitType: (rest: string) => rest.toUpperCase().replace(/-/g, '_') };
const save = () => compileWire(schema, SAVE, 'iso', 'input', SPELLINGS);

describe('a REST spelling of an enum value (route `enums`)', () => {
  it("reads REST's 24_7 as the graph's ALWAYS_OPEN and answers ALWAYS_OPEN as 24_7; other values pass unchanged", () => {
    expect(save().input({ input: { mode: '24_7' } })).toEqual({ input: { mode: 'ALWAYS_OPEN' } });
    expect(save().input({ input: { mode: 'SCHEDULED' } })).toEqual({ input: { mode: 'SCHEDULED' } });
    expect(save().output({ saveSite: { id: 'a', mode: 'ALWAYS_OPEN', hours: [], transit: null } })).toEqual({ saveSite: { id: 'a', mode: '24_7', hours: [], transit: null } });
    expect(save().output({ saveSite: { id: 'a', mode: 'SCHEDULED', hours: [{ day: 'MONDAY' }], transit: 'LAST_MILE' } })).toEqual({
      saveSite: { id: 'a', mode: 'SCHEDULED', hours: [{ day: 'MONDAY' }], transit: 'LAST_MILE' },
    });
  });

  it("refuses the graph's own name of a spelled value on REST, listing the REST values", () => {
    expect(failure(() => save().input({ input: { mode: 'ALWAYS_OPEN' } }))).toEqual({ code: 'VALIDATION_ERROR', field: 'mode', message: 'mode: must be one of 24_7, SCHEDULED' });
  });

  it('a spelling function reads any REST spelling it accepts (last-mile → LAST_MILE) and refuses the rest', () => {
    expect(save().input({ input: { transit: 'last-mile' } })).toEqual({ input: { transit: 'LAST_MILE' } });
    expect(failure(() => save().input({ input: { transit: 'teleport' } }))).toEqual({ code: 'VALIDATION_ERROR', field: 'transit', message: 'transit: must be one of FIRST_MILE, LAST_MILE' });
  });
});

describe('enum values of a body are checked with the dotted body field', () => {
  const plain = () => compileWire(schema, SAVE, 'iso', 'input');

  it('an item of a list of objects is named by its index (hours.1.day); a non-string value is refused the same way', () => {
    expect(failure(() => plain().input({ input: { hours: [{ day: 'MONDAY' }, { day: 'FUNDAY' }] } }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'hours.1.day',
      message: 'hours.1.day: must be one of MONDAY, TUESDAY',
    });
    expect(failure(() => plain().input({ input: { hours: [{ day: 7 }] } })).field).toBe('hours.0.day');
  });

  it('a list of enum values is named as a whole, and a single object given for a list is its item 0', () => {
    expect(failure(() => plain().input({ input: { schedules: [{ days: ['MONDAY', 'monday'] }] } })).field).toBe('schedules.0.days');
    expect(failure(() => plain().input({ input: { schedules: { days: ['FUNDAY'] } } })).field).toBe('schedules.0.days');
  });

  it("valid values, absent fields and null pass unchanged (null is the subgraph's to judge)", () => {
    const input = { input: { mode: null, hours: [{ day: 'TUESDAY' }], schedules: { days: ['MONDAY'] } } };
    expect(plain().input(input)).toEqual(input);
  });
});

describe('enum path parameters and REST field names of errors (rest-bridge/translate.ts)', () => {
  const CREATE = parse('mutation Create($type: TransitType!, $input: SiteInput!) { createArea(transitType: $type, input: $input) { id } }');
  const op: CompiledOperation = {
    document: CREATE,
    text: '',
    variables: (CREATE.definitions[0] as OperationDefinitionNode).variableDefinitions!.map((v) => ({ name: v.variable.name.value, type: v.type })),
    wire: compileWire(schema, CREATE, 'iso', 'input'),
  };
  const route = { bodyVariable: 'input' } as RouteSpec;
  const call = (type: string) => variablesFor(route, op, { params: { type }, query: {}, body: {} });

  it('an enum path parameter matches whatever its case, with - for _', () => {
    expect(call('last-mile')).toEqual({ type: 'LAST_MILE', input: {} });
    expect(call('First_Mile')).toEqual({ type: 'FIRST_MILE', input: {} });
    expect(failure(() => call('last mile'))).toEqual({ code: 'VALIDATION_ERROR', field: 'type', message: 'type: must be one of FIRST_MILE, LAST_MILE' });
  });

  it('an error naming an argument or input field filled from a variable of another name names the variable', () => {
    const assign = parse('mutation A($id: ID!, $vid: ID!, $terms: [String!]) { assign(agentId: $id, input: { vehicleId: $vid, terms: $terms }) }');
    const wire = compileWire(schema, assign, 'iso');
    expect(wire.restField('vehicleId')).toBe('vid');
    expect(wire.restField('agentId')).toBe('id');
    expect(wire.restField('terms')).toBe('terms');
    expect(wire.restField('terms.0')).toBe('terms.0');
    const a = { ...op, document: assign, wire };
    expect(restError(a, 'vehicleId: must be shorter than or equal to 64 characters', 'vehicleId')).toEqual({ field: 'vid', message: 'vid: must be shorter than or equal to 64 characters' });
    expect(restError(a, 'Vehicle not found')).toEqual({ message: 'Vehicle not found', field: undefined });
    expect(restError(op, 'transitType: must be a transit type of a coverage area', 'transitType')).toEqual({ field: 'type', message: 'type: must be a transit type of a coverage area' });
  });

  it("the body variable itself is never renamed (its fields are the body's)", () => {
    const body = parse('mutation S($body: SiteInput!) { saveSite(input: $body) { id } }');
    expect(compileWire(schema, body, 'iso', 'body').restField('input')).toBe('input');
    expect(compileWire(schema, body, 'iso', 'body').restField('input.mode')).toBe('input.mode');
  });
});
