import { Kind, parse } from 'graphql';
import type { OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ROUTE_LIMITS } from '../../kernel/ratelimit.js';
import { FIELD_LIMITS, operationLimits } from '../../kernel/operation-limits.js';

/**
 * kernel/operation-limits.ts (docs/contract.md, "Rate limits"): a per-action limit belongs to the root field that
 * performs it (updateProfile, uploadAvatar, searchUsers, updateNotificationSettings, updatePrivacySettings), and an
 * operation that performs it twice (aliases) counts twice. The spec's windows: profile updates 10/hour, avatar uploads
 * 5/day, user search 100/hour, settings updates 20/hour (notifications and privacy share one budget).
 */
const limits = (query: string, operationName?: string) => {
  const doc = parse(query);
  const op = operationName ? doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === operationName) : undefined;
  return operationLimits(doc, op);
};

describe('which per-action limits an operation meets', () => {
  it("each limited root field names its window, with the spec's sizes", () => {
    expect(limits('mutation { updateProfile(input: {}) { id } }')).toEqual(['profile-updates']);
    expect(limits('mutation { uploadAvatar(file: null) { url } }')).toEqual(['avatar-uploads']);
    expect(limits('query { searchUsers(q: "ada") { total } }')).toEqual(['user-search']);
    expect(limits('mutation { updateNotificationSettings(input: {}) { ok } }')).toEqual(['settings-updates']);
    expect(limits('mutation { updatePrivacySettings(input: {}) { ok } }')).toEqual(['settings-updates']);
    expect(ROUTE_LIMITS['profile-updates']).toEqual({ points: 10, duration: 3600 });
    expect(ROUTE_LIMITS['avatar-uploads']).toEqual({ points: 5, duration: 86_400 });
    expect(ROUTE_LIMITS['user-search']).toEqual({ points: 100, duration: 3600 });
    expect(ROUTE_LIMITS['settings-updates']).toEqual({ points: 20, duration: 3600 });
    // the platform's own window (docs/orders.md "Rate limits"): intent creation, 20 a minute per origin
    expect(limits('mutation { createOrderIntent(input: {}) { token } }')).toEqual(['order-intents']);
    expect(ROUTE_LIMITS['order-intents']).toEqual({ points: 20, duration: 60 });
    // the queries family's sub-families (spec "Limits": discovery 500, matching 200, capacity 1,000, performance 500, pricing 500 a minute)
    expect(limits('{ discoverServices(input: {}) { total } countServices(input: {}) { count } }')).toEqual(['queries-discovery', 'queries-discovery']);
    expect(limits('{ matchServices(input: {}) { totalCandidates } }')).toEqual(['queries-matching']);
    expect(limits('mutation { invalidateCapacityCache(lsp: "L", serviceId: "s") { message } }')).toEqual(['queries-capacity']);
    expect(limits('mutation { syncServicePerformanceBatch(input: {}) { synced } }')).toEqual(['queries-performance']);
    expect(limits('{ estimateServicePrice(input: {}) { estimate { totalCost } } }')).toEqual(['queries-pricing']);
    expect(ROUTE_LIMITS['queries-discovery']).toEqual({ points: 500, duration: 60 });
    expect(ROUTE_LIMITS['queries-matching']).toEqual({ points: 200, duration: 60 });
    expect(ROUTE_LIMITS['queries-capacity']).toEqual({ points: 1000, duration: 60 });
    expect(ROUTE_LIMITS['queries-performance']).toEqual({ points: 500, duration: 60 });
    expect(ROUTE_LIMITS['queries-pricing']).toEqual({ points: 500, duration: 60 });
    const queries = Object.entries(FIELD_LIMITS).filter(([, l]) => l.startsWith('queries-'));
    expect(queries.length).toBe(19);
    // the pipelines family's (spec "Limits": templates 100, deployments 10, execution creation 1,000, queries 500 a minute)
    expect(limits('mutation { deployPipeline(input: {}) { id } executePipeline(pipelineId: "p", input: {}) { id } }')).toEqual(['pipelines-deployments', 'pipelines-executions']);
    expect(limits('mutation { publishPipelineTemplate(id: "t") { id } executePipelineQuery(input: {}) { score } }')).toEqual(['pipelines-templates', 'pipelines-queries']);
    expect(ROUTE_LIMITS['pipelines-templates']).toEqual({ points: 100, duration: 60 });
    expect(ROUTE_LIMITS['pipelines-deployments']).toEqual({ points: 10, duration: 60 });
    expect(ROUTE_LIMITS['pipelines-executions']).toEqual({ points: 1000, duration: 60 });
    expect(ROUTE_LIMITS['pipelines-queries']).toEqual({ points: 500, duration: 60 });
    expect(Object.entries(FIELD_LIMITS).filter(([, l]) => l.startsWith('pipelines-')).length).toBe(10);
    expect(
      Object.keys(FIELD_LIMITS)
        .filter((f) => !FIELD_LIMITS[f].startsWith('queries-') && !FIELD_LIMITS[f].startsWith('pipelines-'))
        .sort(),
    ).toEqual(['createOrderIntent', 'searchUsers', 'updateNotificationSettings', 'updatePrivacySettings', 'updateProfile', 'uploadAvatar']);
  });

  it('an operation without a limited field meets none; a limited name below the root does not count', () => {
    expect(limits('{ me { id } }')).toEqual([]);
    expect(limits('{ me { updateProfile searchUsers } }')).toEqual([]);
    expect(limits('{ constructor toString __proto__ }')).toEqual([]);
  });

  it('aliases count each occurrence: two profile updates and both settings updates', () => {
    expect(limits('mutation { a: updateProfile(input: {}) { id } b: updateProfile(input: {}) { id } }')).toEqual(['profile-updates', 'profile-updates']);
    expect(limits('mutation { updateNotificationSettings(input: {}) { ok } updatePrivacySettings(input: {}) { ok } searchUsers: updateProfile { id } }')).toEqual([
      'settings-updates',
      'settings-updates',
      'profile-updates',
    ]);
  });

  it('inline fragments and fragment spreads at the root are looked through; a fragment spread twice counts once', () => {
    expect(limits('mutation { ... on Mutation { updateProfile(input: {}) { id } } }')).toEqual(['profile-updates']);
    expect(limits('mutation { ...F } fragment F on Mutation { uploadAvatar { url } ... on Mutation { searchUsers(q: "x") { total } } }')).toEqual(['avatar-uploads', 'user-search']);
    expect(limits('mutation { ...F ...F } fragment F on Mutation { updateProfile { id } }')).toEqual(['profile-updates']);
    expect(limits('mutation { ...Missing }')).toEqual([]);
  });

  it('a fragment that spreads itself is walked once (no endless loop)', () => {
    expect(limits('query { ...A } fragment A on Query { searchUsers(q: "x") { total } ...B } fragment B on Query { ...A }')).toEqual(['user-search']);
  });

  it('the operation given is the one counted; by default the first operation of the document', () => {
    const doc = 'query Read { me { id } } mutation Write { updateProfile { id } }';
    expect(limits(doc)).toEqual([]);
    expect(limits(doc, 'Write')).toEqual(['profile-updates']);
    expect(limits('mutation Write { updateProfile { id } } query Read { me { id } }')).toEqual(['profile-updates']);
  });

  it('a document with only fragments meets none', () => {
    expect(operationLimits(parse('fragment F on Mutation { updateProfile { id } }'))).toEqual([]);
    expect(operationLimits(parse('fragment F on Mutation { updateProfile { id } }'), null)).toEqual([]);
  });
});
