import { Resolver } from 'type-graphql';

/** The pipelines area's operations (docs/pipelines.md). */
@Resolver()
export class PipelineResolver {}
