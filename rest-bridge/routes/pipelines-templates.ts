import { CONFIG, HEALTH, STAGE, STAMP, pl } from './pipelines-common.js';
import { PAGE, type RouteSpec } from './types.js';

/**
 * Spec group 16, templates and pipelines routes (docs/pipelines.md "Templates", "Validation", "Pipelines"). Every
 * instant of these answers is epoch milliseconds (the stamps' `at.timestamp`, `status.lastChanged`, `publishedAt`,
 * `deprecatedAt`). The `healthScore {min, max}` filter of `GET /v1/pipelines` is read from the query parameters
 * `healthScoreMin` and `healthScoreMax` (the bridge names query parameters by operation variable).
 */

const TEMPLATE = `id name description version status stages { ${STAGE} } config { ${CONFIG} } health { ${HEALTH} } metadata created { ${STAMP} } updated { ${STAMP} } publishedAt deprecatedAt`;
const PIPELINE = `id templateId templateVersion name description status { current lastChanged reason } stages { ${STAGE} } config { ${CONFIG} } health { ${HEALTH} } healthScore
  metrics { totalExecutions successRate avgDuration activeExecutions } baseline { duration successRate } created { ${STAMP} } updated { ${STAMP} }`;
const LIST_VARS = '$page: Int, $limit: Int, $sortBy: String, $sortOrder: SortOrder';
const LIST_ARGS = 'page: $page, limit: $limit, sortBy: $sortBy, sortOrder: $sortOrder';
const NOT_DRAFT = 'The template is not a DRAFT (PUBLISHED or DEPRECATED templates are frozen: publish a new version instead).';

export const templateRoutes: RouteSpec[] = [
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/templates',
    summary: 'Create a pipeline template (DRAFT)',
    status: 201,
    bodyVariable: 'input',
    operation: `mutation CreatePipelineTemplate($input: CreatePipelineTemplateInput!) { createPipelineTemplate(input: $input) { ${TEMPLATE} } }`,
    result: { data: 'createPipelineTemplate' },
    failures: { CONFLICT: 'A template of this name and version exists in the workspace.' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/templates',
    summary: 'List pipeline templates',
    operation: `query PipelineTemplates(${LIST_VARS}, $status: TemplateStatus, $version: String) { pipelineTemplates(${LIST_ARGS}, status: $status, version: $version) { items { ${TEMPLATE} } ${PAGE} } }`,
    result: { data: 'pipelineTemplates.items', pagination: 'pipelineTemplates.pagination' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/templates/:templateId',
    summary: 'One pipeline template',
    operation: `query PipelineTemplate($templateId: ID!) { pipelineTemplate(id: $templateId) { ${TEMPLATE} } }`,
    result: { data: 'pipelineTemplate' },
  },
  {
    ...pl,
    method: 'PATCH',
    path: '/v1/pipelines/templates/:templateId',
    summary: 'Change a DRAFT pipeline template',
    bodyVariable: 'input',
    operation: `mutation UpdatePipelineTemplate($templateId: ID!, $input: UpdatePipelineTemplateInput!) { updatePipelineTemplate(id: $templateId, input: $input) { ${TEMPLATE} } }`,
    result: { data: 'updatePipelineTemplate' },
    failures: { CONFLICT: `${NOT_DRAFT} Or the new name and version are another template's.` },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/templates/:templateId/publish',
    summary: 'Publish a DRAFT pipeline template (deprecating lower versions of its name)',
    operation: `mutation PublishPipelineTemplate($templateId: ID!) { publishPipelineTemplate(id: $templateId) { ${TEMPLATE} } }`,
    result: { data: 'publishPipelineTemplate' },
    failures: { TEMPLATE_INVALID: 'Validation found errors (the message lists them).', CONFLICT: 'The template is not a DRAFT.' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/templates/:templateId/validate',
    summary: "Validate a pipeline template's definition",
    operation: `mutation ValidatePipelineTemplate($templateId: ID!) { validatePipelineTemplate(id: $templateId) { valid errors warnings checks { stageValidation queryValidation webhookValidation transitionValidation resourceAvailability } suggestions } }`,
    result: { data: 'validatePipelineTemplate' },
  },
  {
    ...pl,
    method: 'DELETE',
    path: '/v1/pipelines/templates/:templateId',
    summary: 'Delete a DRAFT pipeline template',
    operation: `mutation DeletePipelineTemplate($templateId: ID!) { deletePipelineTemplate(id: $templateId) { success } }`,
    result: { data: 'deletePipelineTemplate' },
    failures: { CONFLICT: NOT_DRAFT },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/deploy',
    summary: 'Deploy a pipeline from a PUBLISHED template',
    status: 201,
    bodyVariable: 'input',
    operation: `mutation DeployPipeline($input: DeployPipelineInput!) { deployPipeline(input: $input) { ${PIPELINE} } }`,
    result: { data: 'deployPipeline' },
    failures: { CONFLICT: 'The template is a DRAFT or DEPRECATED (the message says which).' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines',
    summary: 'List pipelines',
    operation: `query Pipelines(${LIST_VARS}, $status: PipelineStatus, $templateId: ID, $healthScoreMin: Float, $healthScoreMax: Float) {
      pipelines(${LIST_ARGS}, status: $status, templateId: $templateId, healthScore: { min: $healthScoreMin, max: $healthScoreMax }) { items { ${PIPELINE} } ${PAGE} } }`,
    result: { data: 'pipelines.items', pagination: 'pipelines.pagination' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/:pipelineId',
    summary: 'One pipeline',
    operation: `query Pipeline($pipelineId: ID!) { pipeline(id: $pipelineId) { ${PIPELINE} } }`,
    result: { data: 'pipeline' },
    failures: { PIPELINE_NOT_FOUND: 'No such pipeline in the workspace (a path id that is not a UUID too).' },
    errorCodes: { NOT_FOUND: 'PIPELINE_NOT_FOUND' },
  },
  {
    ...pl,
    method: 'PATCH',
    path: '/v1/pipelines/:pipelineId',
    summary: 'Change a pipeline (name, description, status ACTIVE or DISABLED, config and health in part)',
    bodyVariable: 'input',
    operation: `mutation UpdatePipeline($pipelineId: ID!, $input: UpdatePipelineInput!) { updatePipeline(id: $pipelineId, input: $input) { ${PIPELINE} } }`,
    result: { data: 'updatePipeline' },
    failures: { PIPELINE_NOT_FOUND: 'No such pipeline in the workspace (a path id that is not a UUID too).' },
    errorCodes: { NOT_FOUND: 'PIPELINE_NOT_FOUND' },
  },
  {
    ...pl,
    method: 'DELETE',
    path: '/v1/pipelines/:pipelineId',
    summary: 'Delete a pipeline (its running executions are stopped)',
    operation: `mutation DeletePipeline($pipelineId: ID!) { deletePipeline(id: $pipelineId) { success } }`,
    result: { data: 'deletePipeline' },
    failures: { PIPELINE_NOT_FOUND: 'No such pipeline in the workspace (a path id that is not a UUID too).' },
    errorCodes: { NOT_FOUND: 'PIPELINE_NOT_FOUND' },
  },
];
