import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Supergraph, printSchema as printFederationSchema } from '@apollo/federation-internals';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLArgument,
  type GraphQLType,
} from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * The committed supergraph obeys docs/graph-conventions.md: the rules a program can check, each listing every
 * offender (so a failure says exactly what to fix). Reads schema/supergraph.graphql, the file front-end teams get.
 */
const schema = buildSchema(printFederationSchema(Supergraph.build(readFileSync(join(process.cwd(), 'schema', 'supergraph.graphql'), 'utf8')).apiSchema()));
const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
const roots = new Set([schema.getQueryType(), schema.getMutationType()].filter(Boolean).map((t) => t!.name));

type AnyField = GraphQLField<unknown, unknown> | GraphQLInputField;
/** Every field of every object, interface and input type, and every argument, as `[path, field]`. */
function everyField(): [string, AnyField | GraphQLArgument][] {
  const out: [string, AnyField | GraphQLArgument][] = [];
  for (const t of types) {
    if (!(isObjectType(t) || isInterfaceType(t) || isInputObjectType(t))) continue;
    for (const f of Object.values<AnyField>(t.getFields())) {
      out.push([`${t.name}.${f.name}`, f]);
      for (const a of 'args' in f ? f.args : ([] as GraphQLArgument[])) out.push([`${t.name}.${f.name}(${a.name})`, a]);
    }
  }
  return out;
}
const isList = (t: GraphQLType): boolean => (isNonNullType(t) ? isList(t.ofType) : isListType(t));

describe('the committed supergraph obeys the graph conventions', () => {
  it('has one instant scalar (DateTime) and one decimal scalar (Decimal), and no other custom scalar but JSONObject and Upload', () => {
    const custom = types
      .filter((t) => isScalarType(t) && !isSpecifiedScalarType(t))
      .map((t) => t.name)
      .sort();
    expect(custom).toEqual(['DateTime', 'Decimal', 'JSONObject', 'Upload']);
  });

  it('names no argument or field after a REST path segment (wid, xcode, ctype, vid, icode, uid)', () => {
    const restNames = /^(wid|xcode|ctype|vid|icode|uid|xid)$/;
    expect(
      everyField()
        .filter(([, f]) => restNames.test(f.name))
        .map(([p]) => p),
    ).toEqual([]);
  });

  it('types every identifier the platform issues (id, …Id, …Ids) as ID; a device id, a client id or an IoT device’s external id, which the caller chooses, is a String', () => {
    const offenders = everyField()
      .filter(([, f]) => /^(id|.+Id|.+Ids)$/.test(f.name) && !['deviceId', 'clientId', 'externalId'].includes(f.name))
      .filter(([, f]) => getNamedType(f.type).name !== 'ID')
      .map(([p, f]) => `${p}: ${String(f.type)}`);
    expect(offenders).toEqual([]);
  });

  it('types every instant (…At, timestamp, …Time) as DateTime', () => {
    const offenders = everyField()
      // a time of day on a wall clock ("HH:MM", opening hours) is not an instant, nor a duration the spec names …Time
      .filter(([, f]) => /^(.+At|timestamp|.+Time|time)$/.test(f.name) && !isEnumType(getNamedType(f.type)) && !/HH:MM|time of day|wall[- ]clock|a duration/i.test(f.description ?? ''))
      .filter(([, f]) => !['DateTime'].includes(getNamedType(f.type).name) && !isObjectType(getNamedType(f.type)) && !isInputObjectType(getNamedType(f.type)))
      .map(([p, f]) => `${p}: ${String(f.type)}`);
    expect(offenders).toEqual([]);
  });

  it('has one Money type and writes every amount of money as Decimal', () => {
    const moneyShaped = types
      .filter((t) => (isObjectType(t) || isInputObjectType(t)) && Object.keys(t.getFields()).sort().join() === 'amount,currency')
      .map((t) => t.name)
      .sort();
    expect(moneyShaped).toEqual(['Money', 'MoneyInput']);
    const money = /^(amount|.*(Fare|Fee|Surcharge|Charge|Price|Cost|Adjustment|Amount|Total|Value))$/;
    const offenders = everyField()
      .filter(([, f]) => money.test(f.name) && ['Float', 'Int', 'String'].includes(getNamedType(f.type).name))
      .map(([p, f]) => `${p}: ${String(f.type)}`);
    expect(offenders).toEqual([]);
  });

  it('writes every point as GeoPoint: no [Float] coordinates and no {lat, lng} objects', () => {
    const pairs = everyField()
      .filter(([, f]) => isList(f.type) && getNamedType(f.type).name === 'Float')
      .map(([p]) => p);
    const latLng = types.filter((t) => (isObjectType(t) || isInputObjectType(t)) && 'lat' in t.getFields() && 'lng' in t.getFields()).map((t) => t.name);
    expect([...pairs, ...latLng]).toEqual([]);
  });

  it('makes every closed list an enum: no String field named like one (type, status, kind, role, mode, level, …) unless described as an open list', () => {
    const closed =
      /^(type|status|kind|role|mode|level|basis|category|grade|ownership|unit|protocol|visibility|.+State|.+Type|.+Status|.+Kind|.+Mode|.+Level|.+Role|.+Visibility|.+Class|.+Unit|.+Basis)$/;
    const offenders = everyField()
      // an open vocabulary stays a String and says so ("an open list", docs/graph-conventions.md)
      .filter(([, f]) => closed.test(f.name) && getNamedType(f.type).name === 'String' && !/\bopen (list|vocabulary)\b/i.test(f.description ?? ''))
      .map(([p]) => p);
    expect(offenders).toEqual([]);
  });

  it('describes every enum value', () => {
    const undescribed = types.filter(isEnumType).flatMap((t) =>
      t
        .getValues()
        .filter((v) => !v.description?.trim())
        .map((v) => `${t.name}.${v.name}`),
    );
    expect(undescribed).toEqual([]);
  });

  it("describes root fields in the domain's words (at least six words before any REST note), the REST path at most as a trailing note", () => {
    const restFirst = /^\s*(`?(GET|POST|PUT|PATCH|DELETE)\b|`?\/v1\/|`?\/realm\/)/;
    /** The description without its REST note (`REST: …` or a parenthesised path). */
    const domainPart = (d: string) => d.replace(/\s*REST:.*$/s, '').replace(/\s*\(`?(GET|POST|PUT|PATCH|DELETE)?\s*`?\/[^)]*\)/g, '');
    const offenders = [...roots].flatMap((r) =>
      Object.values((schema.getType(r) as { getFields(): Record<string, AnyField> }).getFields())
        .filter(
          (f) =>
            restFirst.test(f.description ?? '') ||
            domainPart(f.description ?? '')
              .trim()
              .split(/\s+/).length < 6,
        )
        .map((f) => `${r}.${f.name}: ${f.description!.slice(0, 60)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('uses one page shape: every …Page type is { items, pagination: Pagination }', () => {
    const pages = types.filter((t) => isObjectType(t) && t.name.endsWith('Page'));
    expect(pages.length).toBeGreaterThan(5);
    const offenders = pages
      .filter((t) => isObjectType(t) && (Object.keys(t.getFields()).sort().join() !== 'items,pagination' || getNamedType(t.getFields().pagination.type).name !== 'Pagination'))
      .map((t) => t.name);
    expect(offenders).toEqual([]);
  });
});
