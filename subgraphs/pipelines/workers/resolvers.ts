import { Resolver } from 'type-graphql';

/** The workers area's operations (docs/pipelines.md). */
@Resolver()
export class WorkerResolver {}
