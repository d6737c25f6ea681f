import { Resolver } from 'type-graphql';

/** The executions area's operations (docs/pipelines.md). */
@Resolver()
export class ExecutionResolver {}
