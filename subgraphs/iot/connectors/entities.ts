import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';
import { ConnectorStatus } from '../../../domain/vocabulary.js';

/**
 * The IoT family's copy of its IoTSPs' connectors, fed by the workspace family's `workspace.connector` events (never
 * read from the workspace's tables): what an assignment checks and what a connector listing shows.
 */
@Entity({ tableName: 'connector_copy' })
export class ConnectorCopy extends ProviderOwnedEntity {
  [OptionalProps]?: 'workspaceId' | 'icode' | 'deleted';
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property() type!: string;
  @Property() name!: string;
  @Property() status!: string;
  @Property() deleted: boolean = false;
  @Property({ type: 'datetime' }) changedAt!: Date;
}

/** A connector assigned to a rule or a topic (docs/iot.md "Connectors"). */
@Entity({ tableName: 'connector_assignment' })
@Unique({ properties: ['targetId', 'connectorId'] })
@Index({ properties: ['connectorId'] })
export class ConnectorAssignment extends ProviderOwnedEntity {
  [OptionalProps]?: 'id' | 'workspaceId' | 'icode' | 'assignedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** The rule's or topic's id. */
  @Index() @Property({ type: 'uuid' }) targetId!: string;
  @Property({ type: 'uuid' }) connectorId!: string;
  @Property({ type: 'datetime' }) assignedAt: Date = nowDate();
  @Property({ type: 'uuid' }) assignedBy!: string;
}

@ObjectType({ description: 'An IoT connector of the IoTSP assigned to a rule or a topic.' })
export class AssignedConnector {
  @Field(() => ID, { description: "The connector's identifier (the workspace family's `connectorId`)." }) connectorId!: string;
  @Field({ description: "The connector's name, as the workspace family last reported it." }) name!: string;
  @Field(() => ConnectorStatus, { description: 'Whether the connector may be used, as the workspace family last reported it.' }) status!: ConnectorStatus;
  @Field({ description: 'When it was assigned.' }) assignedAt!: Date;
  @Field(() => ID, { description: 'Who assigned it.' }) assignedBy!: string;
}
