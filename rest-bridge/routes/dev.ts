import { PAGE, type RouteSpec } from './types.js';

/**
 * Spec group 10 (docs/dev.md): the developers of a DEV provider (`/v1/devs/:xcode/developers…`, a DEV context token)
 * and an LSP's FAQs (`/v1/lsps/:icode/faqs…`, an LSP context token), header set B; plus the developer invitations,
 * the platform's addition (how developers come in). Instants are ISO-8601.
 */
const DEVELOPER = 'id userId name role status invitationId invitedBy joinedAt updatedAt updatedBy removedAt removedBy';
const CONTEXT = 'contexts { type id source linkedAt linkedBy }';
const CONTENT = `version revision question answer tags ${CONTEXT}`;
const FAQ = `id reference ${CONTENT} state locked lockedAt lockedBy createdAt createdBy updatedAt updatedBy`;
const VERSION = `${CONTENT} editedAt editedBy`;
const INVITATION = 'id providerKind providerCode phone name operator { role status } status invitedBy createdAt expiresAt';

const dev = { tag: 'DEV developers', envelope: 'generic', auth: 'set-b', lowerCase: ['providerKind'] } as const;
const faq = { tag: 'FAQs', envelope: 'generic', auth: 'set-b' } as const;

export const developerRoutes: RouteSpec[] = [
  {
    ...dev,
    method: 'GET',
    path: '/v1/devs/:xcode/developers',
    summary: "The DEV provider's developers",
    operation: `query Developers($xcode: String!, $role: DeveloperRole, $status: DeveloperStatus, $search: String, $page: Int, $limit: Int) { developers(providerCode: $xcode, role: $role, status: $status, search: $search, page: $page, limit: $limit) { items { ${DEVELOPER} } ${PAGE} } }`,
    result: { data: 'developers.items', pagination: 'developers.pagination' },
  },
  {
    ...dev,
    method: 'POST',
    path: '/v1/devs/:xcode/developers/invitations',
    summary: 'Invite a developer (the token is shown once)',
    status: 201,
    operation: `mutation InviteDeveloper($xcode: String!, $input: InviteInput!) { inviteDeveloper(providerCode: $xcode, input: $input) { token invitation { ${INVITATION} } } }`,
    bodyVariable: 'input',
    result: { data: 'inviteDeveloper' },
  },
  {
    ...dev,
    method: 'DELETE',
    path: '/v1/devs/:xcode/developers/invitations/:invitationId',
    summary: 'Cancel a pending developer invitation',
    operation: `mutation CancelDeveloperInvitation($xcode: String!, $invitationId: ID!) { cancelDeveloperInvitation(providerCode: $xcode, invitationId: $invitationId) { ${INVITATION} } }`,
    result: { data: 'cancelDeveloperInvitation' },
  },
  {
    ...dev,
    method: 'GET',
    path: '/v1/devs/:xcode/developers/:id',
    summary: 'One developer',
    operation: `query Developer($xcode: String!, $id: ID!) { developer(providerCode: $xcode, id: $id) { ${DEVELOPER} } }`,
    result: { data: 'developer' },
  },
  {
    ...dev,
    method: 'PATCH',
    path: '/v1/devs/:xcode/developers/:id',
    summary: "Change a developer's role or status (provider admins)",
    operation: `mutation UpdateDeveloper($xcode: String!, $id: ID!, $input: DeveloperUpdateInput!) { updateDeveloper(providerCode: $xcode, id: $id, input: $input) { ${DEVELOPER} } }`,
    bodyVariable: 'input',
    result: { data: 'updateDeveloper' },
  },
  {
    ...dev,
    method: 'DELETE',
    path: '/v1/devs/:xcode/developers/:id',
    summary: 'Remove a developer: their access ends at once (provider admins)',
    operation: `mutation RemoveDeveloper($xcode: String!, $id: ID!) { removeDeveloper(providerCode: $xcode, id: $id) { ${DEVELOPER} } }`,
    result: { data: 'removeDeveloper' },
  },
];

export const faqRoutes: RouteSpec[] = [
  {
    ...faq,
    method: 'POST',
    path: '/v1/lsps/:icode/faqs',
    summary: 'Add an FAQ',
    status: 201,
    operation: `mutation CreateFaq($icode: String!, $input: FaqCreateInput!) { createFaq(providerCode: $icode, input: $input) { ${FAQ} } }`,
    bodyVariable: 'input',
    result: { data: 'createFaq' },
  },
  {
    ...faq,
    method: 'GET',
    path: '/v1/lsps/:icode/faqs/search',
    summary: 'Search the FAQs (full text, typos and synonyms understood)',
    operation: `query FaqSearch($icode: String!, $query: String!, $state: FaqState, $tag: String, $page: Int, $limit: Int) { faqSearch(providerCode: $icode, query: $query, state: $state, tag: $tag, page: $page, limit: $limit) { items { score questionHighlight snippet faq { ${FAQ} } } ${PAGE} interpretedAs } }`,
    result: { data: 'faqSearch.items', pagination: 'faqSearch.pagination', interpretedAs: 'faqSearch.interpretedAs' },
  },
  {
    ...faq,
    method: 'GET',
    path: '/v1/lsps/:icode/faqs',
    summary: 'List the FAQs',
    operation: `query Faqs($icode: String!, $tag: String, $state: FaqState, $contextType: FaqContextType, $contextId: ID, $locked: Boolean, $page: Int, $limit: Int) { faqs(providerCode: $icode, tag: $tag, state: $state, contextType: $contextType, contextId: $contextId, locked: $locked, page: $page, limit: $limit) { items { ${FAQ} } ${PAGE} } }`,
    result: { data: 'faqs.items', pagination: 'faqs.pagination' },
  },
  {
    ...faq,
    method: 'GET',
    path: '/v1/lsps/:icode/faqs/:reference',
    summary: 'One FAQ, with its 20 latest versions',
    operation: `query Faq($icode: String!, $reference: String!) { faq(providerCode: $icode, reference: $reference) { ${FAQ} versions(limit: 20) { items { ${VERSION} } ${PAGE} } } }`,
    result: { data: 'faq' },
  },
  {
    ...faq,
    method: 'PATCH',
    path: '/v1/lsps/:icode/faqs/:reference',
    summary: 'Edit an FAQ (content, or a context link and its source)',
    failures: { FAQ_LOCKED: 'the FAQ is locked' },
    operation: `mutation UpdateFaq($icode: String!, $reference: String!, $input: FaqUpdateInput!) { updateFaq(providerCode: $icode, reference: $reference, input: $input) { ${FAQ} } }`,
    bodyVariable: 'input',
    result: { data: 'updateFaq' },
  },
  {
    ...faq,
    method: 'PATCH',
    path: '/v1/lsps/:icode/faqs/:reference/:operation',
    summary: 'Archive or restore an FAQ',
    paramValues: { operation: ['archive', 'restore'] },
    failures: { FAQ_LOCKED: 'the FAQ is locked' },
    operation: `mutation ChangeFaqArchiveState($icode: String!, $reference: String!, $operation: FaqArchiveOperation!) { changeFaqArchiveState(providerCode: $icode, reference: $reference, operation: $operation) { ${FAQ} } }`,
    result: { data: 'changeFaqArchiveState' },
  },
  {
    ...faq,
    method: 'PATCH',
    path: '/v1/lsps/:icode/faqs/:reference/:lockstate',
    summary: 'Lock or unlock an FAQ',
    operation: `mutation ChangeFaqLockState($icode: String!, $reference: String!, $lockstate: FaqLockOperation!) { changeFaqLockState(providerCode: $icode, reference: $reference, lockstate: $lockstate) { ${FAQ} } }`,
    result: { data: 'changeFaqLockState' },
  },
  {
    ...faq,
    method: 'PUT',
    path: '/v1/lsps/:icode/faqs/:reference/context/add',
    summary: 'Link an FAQ to a hub or warehouse',
    failures: { FAQ_LOCKED: 'the FAQ is locked' },
    operation: `mutation AddFaqContext($icode: String!, $reference: String!, $input: FaqContextChangeInput!) { addFaqContext(providerCode: $icode, reference: $reference, input: $input) { ${FAQ} } }`,
    bodyVariable: 'input',
    result: { data: 'addFaqContext' },
  },
  {
    ...faq,
    method: 'PATCH',
    path: '/v1/lsps/:icode/faqs/:reference/context/remove',
    summary: 'Unlink an FAQ from an object',
    failures: { FAQ_LOCKED: 'the FAQ is locked' },
    operation: `mutation RemoveFaqContext($icode: String!, $reference: String!, $input: FaqContextChangeInput!) { removeFaqContext(providerCode: $icode, reference: $reference, input: $input) { ${FAQ} } }`,
    bodyVariable: 'input',
    result: { data: 'removeFaqContext' },
  },
  {
    ...faq,
    method: 'DELETE',
    path: '/v1/lsps/:icode/faqs/:reference',
    summary: 'Remove a context link, or the FAQ with its last link',
    failures: { FAQ_LOCKED: 'the FAQ is locked' },
    operation: `mutation DeleteFaq($icode: String!, $reference: String!, $input: FaqDeleteInput) { deleteFaq(providerCode: $icode, reference: $reference, input: $input) { reference removed faq { ${FAQ} } } }`,
    bodyVariable: 'input',
    result: { data: 'deleteFaq' },
  },
];
