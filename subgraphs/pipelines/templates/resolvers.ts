import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { pipelinesScope } from '../common/scope.js';
import * as templates from './service.js';
import { CreateTemplateInput, Deletion, PipelineTemplate, PipelineTemplatePage, TemplateListArgs, TemplateValidation, UpdateTemplateInput } from './types.js';

const ID_ARG = { description: "The template's identifier (another workspace's is NOT_FOUND)." };

/** The templates area's operations (spec group 16 `/v1/pipelines/templates`; docs/pipelines.md "Templates"). */
@Resolver()
export class TemplateResolver {
  @Query(() => PipelineTemplatePage, { description: "The workspace's pipeline templates, newest first unless sorted otherwise, a page at a time. REST: `GET /v1/pipelines/templates`." })
  pipelineTemplates(@Args() args: TemplateListArgs, @Ctx() ctx: SubgraphContext) {
    return templates.listTemplates(pipelinesScope(ctx), args);
  }

  @Query(() => PipelineTemplate, { description: 'One pipeline template of the workspace. REST: `GET /v1/pipelines/templates/:templateId`.' })
  pipelineTemplate(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return templates.getTemplate(pipelinesScope(ctx), id);
  }

  @Mutation(() => PipelineTemplate, {
    description: 'Creates a DRAFT template; (name, version) must be new in the workspace (else CONFLICT). REST: `POST /v1/pipelines/templates`.',
  })
  createPipelineTemplate(@Arg('input', () => CreateTemplateInput, { description: 'The template (the REST request body).' }) input: CreateTemplateInput, @Ctx() ctx: SubgraphContext) {
    return templates.createTemplate(pipelinesScope(ctx), input);
  }

  @Mutation(() => PipelineTemplate, {
    description: 'Changes a DRAFT template: each field given replaces the current one (a PUBLISHED or DEPRECATED template is CONFLICT). REST: `PATCH /v1/pipelines/templates/:templateId`.',
  })
  updatePipelineTemplate(
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('input', () => UpdateTemplateInput, { description: 'The fields to replace (the REST request body).' }) input: UpdateTemplateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return templates.updateTemplate(pipelinesScope(ctx), id, input);
  }

  @Mutation(() => PipelineTemplate, {
    description:
      'Publishes a DRAFT template whose validation finds no error (else TEMPLATE_INVALID listing them); every PUBLISHED template of the same name with a lower semantic version becomes DEPRECATED. REST: `POST /v1/pipelines/templates/:templateId/publish`.',
  })
  publishPipelineTemplate(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return templates.publishTemplate(pipelinesScope(ctx), id);
  }

  @Mutation(() => TemplateValidation, {
    description: "Checks a template's definition (stages, queries, webhooks, transitions, the workspace's resources) without changing it. REST: `POST /v1/pipelines/templates/:templateId/validate`.",
  })
  validatePipelineTemplate(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return templates.validateTemplate(pipelinesScope(ctx), id);
  }

  @Mutation(() => Deletion, { description: 'Deletes a DRAFT template (a PUBLISHED or DEPRECATED one is CONFLICT). REST: `DELETE /v1/pipelines/templates/:templateId`.' })
  deletePipelineTemplate(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return templates.deleteTemplate(pipelinesScope(ctx), id);
  }
}
