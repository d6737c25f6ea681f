import { Resolver } from 'type-graphql';

/** The monitoring area's operations (docs/pipelines.md). */
@Resolver()
export class MonitoringResolver {}
