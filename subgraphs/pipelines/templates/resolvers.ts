import { Resolver } from 'type-graphql';

/** The templates area's operations (docs/pipelines.md). */
@Resolver()
export class TemplateResolver {}
