import { randomUUID } from 'node:crypto';
import type { Constructor } from '@mikro-orm/core';
import { collectionFull, notFound, validationError } from '../../../kernel/errors.js';
import { roundMoney, type PageArgs } from '../../../kernel/graphql-types.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { applyFacility, type FacilityInput, type FacilityUpdateInput } from '../common/facility.js';
import { facilityEvent, findOwn, lockOwn, saved, type LspEvent } from '../common/query.js';
import { pageOf } from '../../../kernel/paging.js';
import { scope } from '../common/scope.js';
import { Hub, Warehouse, type PricingRule } from './entities.js';
import type { PricingAction } from './enums.js';
import type { PricingRuleInput } from './types.js';

/** Warehouses and hubs share everything but their table and their name. */
type Kind = { entity: Constructor<Warehouse> | Constructor<Hub>; name: 'warehouse' | 'hub'; label: string };
export const WAREHOUSE: Kind = { entity: Warehouse, name: 'warehouse', label: 'Warehouse' };
export const HUB: Kind = { entity: Hub, name: 'hub', label: 'Hub' };

type Site = Warehouse | Hub;
const event = (k: Kind, f: Site, deleted = false): LspEvent => facilityEvent(k.name.toUpperCase(), f, deleted, { operatingHours: f.operatingHours, pricing: f.pricing });
const unique = (k: Kind) => ({ field: 'code', what: k.name });

export function createSite(ctx: SubgraphContext, k: Kind, input: FacilityInput): Promise<Site> {
  const s = scope(ctx, 'write');
  return saved(
    s,
    async (tx) => {
      const site = tx.create(k.entity as Constructor<Site>, { ...s.created(input.timezone), pricing: [] } as never) as Site;
      applyFacility(site, input, true);
      return [site, [event(k, site)]];
    },
    unique(k),
  );
}

export const getSite = (ctx: SubgraphContext, k: Kind, id: string) => findOwn(scope(ctx, 'read').em, k.entity as Constructor<Site>, id, k.label);

export const listSites = (ctx: SubgraphContext, k: Kind, args: PageArgs) => pageOf(scope(ctx, 'read').em, k.entity as Constructor<Site>, {}, args);

/** Every change of a site: load it in scope, apply, stamp in its time zone, save and publish. */
function changeSite(ctx: SubgraphContext, k: Kind, id: string, apply: (site: Site) => void): Promise<Site> {
  const s = scope(ctx, 'write');
  return saved(
    s,
    async (tx) => {
      const site = await lockOwn(tx, k.entity as Constructor<Site>, id, k.label);
      apply(site);
      site.updated = s.stamp(site.timezone);
      return [site, [event(k, site)]];
    },
    unique(k),
  );
}

export const updateSite = (ctx: SubgraphContext, k: Kind, id: string, input: FacilityUpdateInput) => changeSite(ctx, k, id, (site) => applyFacility(site, input, false));

export function deleteSite(ctx: SubgraphContext, k: Kind, id: string): Promise<boolean> {
  const s = scope(ctx, 'delete');
  return saved(s, async (tx) => {
    const site = await lockOwn(tx, k.entity as Constructor<Site>, id, k.label);
    tx.remove(site);
    return [true, [event(k, site, true)]];
  });
}

function ruleOf(input: PricingRuleInput): PricingRule {
  if (input.minimumCharge && input.minimumCharge.currency !== input.rate.currency) {
    throw validationError('rule.minimumCharge.currency', 'must be the currency of the rate');
  }
  const c = input.conditions;
  if (c?.minWeightKg != null && c?.maxWeightKg != null && c.minWeightKg > c.maxWeightKg) {
    throw validationError('rule.conditions.maxWeightKg', 'must not be below minWeightKg');
  }
  if (input.validFrom && input.validUntil && input.validUntil <= input.validFrom) throw validationError('rule.validUntil', 'must be after validFrom');
  const money = (m: { amount: number; currency: string }) => ({ amount: roundMoney(m.amount, m.currency), currency: m.currency });
  return {
    id: randomUUID(),
    name: input.name.trim(),
    basis: input.basis,
    rate: money(input.rate),
    minimumCharge: input.minimumCharge ? money(input.minimumCharge) : null,
    conditions: c ? { minWeightKg: c.minWeightKg ?? null, maxWeightKg: c.maxWeightKg ?? null, serviceTypes: c.serviceTypes ?? null, requirements: c.requirements ?? null } : null,
    validFrom: input.validFrom ?? null,
    validUntil: input.validUntil ?? null,
  };
}

/** `PUT …/pricing/add` {rule} appends a rule; `PUT …/pricing/remove` {ruleId} removes one (unknown rule → 404). */
export const changePricing = (ctx: SubgraphContext, k: Kind, id: string, action: PricingAction, rule?: PricingRuleInput, ruleId?: string) =>
  changeSite(ctx, k, id, (site) => {
    if (action === 'add') {
      if (!rule) throw validationError('rule', 'is required to add a pricing rule');
      if (site.pricing.length >= 100) throw collectionFull('pricing', 'a facility has at most 100 pricing rules; remove one first');
      site.pricing = [...site.pricing, ruleOf(rule)];
    } else {
      if (!ruleId) throw validationError('ruleId', 'is required to remove a pricing rule');
      if (!site.pricing.some((r) => r.id === ruleId)) throw notFound('Pricing rule');
      site.pricing = site.pricing.filter((r) => r.id !== ruleId);
    }
  });
