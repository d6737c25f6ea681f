import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { LspRecord, type LspRecordOptional } from '../common/records.js';
import { Vehicle } from '../fleets/entities.js';

/** An agent (driver, rider, courier) working for the LSP; a platform user. */
@ObjectType({ description: 'An agent of an LSP: a platform user who drives or delivers for it.' })
@Entity({ tableName: 'agent' })
@Unique({ properties: ['workspaceId', 'icode', 'userId'] })
export class Agent extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'phone' | 'bio' | 'licenseNumber';

  @Field({ description: 'The agent\'s user identifier.' }) @Property({ type: 'uuid' }) userId!: string;
  @Field({ description: 'Name.' }) @Property() name!: string;
  @Field(() => String, { nullable: true, description: 'Phone (E.164).' }) @Property({ type: 'string', nullable: true }) phone?: string | null;
  @Field({ description: 'Status: ACTIVE, SUSPENDED or OFF_DUTY.' }) @Property() status!: string;
  @Field(() => String, { nullable: true, description: 'Short description.' }) @Property({ type: 'text', nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true, description: 'Driving licence number.' }) @Property({ type: 'string', nullable: true }) licenseNumber?: string | null;
}

/** A vehicle assigned to an agent; at most one owner-agent per vehicle. */
@ObjectType({ description: 'A vehicle assigned to an agent, with its terms.' })
@Entity({ tableName: 'agent_vehicle' })
@Unique({ properties: ['agent', 'vehicle'] })
export class AgentVehicle extends LspRecord {
  [OptionalProps]?: LspRecordOptional;

  @ManyToOne(() => Agent, { deleteRule: 'cascade' }) @Index() agent!: Agent;
  @ManyToOne(() => Vehicle, { deleteRule: 'cascade' }) @Index() vehicle!: Vehicle;

  @Field({ description: 'Vehicle identifier.' })
  get vid(): string {
    return this.vehicle.id;
  }

  @Field(() => [String], { description: 'Terms of the assignment (free text).' }) @Property({ type: 'json' }) terms!: string[];
  @Field({ description: 'Whether the agent owns the vehicle (one owner-agent per vehicle).' }) @Property() isOwner!: boolean;
}

/** An invitation for a user to join the LSP as an agent (how agents come in; see docs/lsp.md). */
@ObjectType({ description: 'An invitation to join an LSP as an agent.' })
@Entity({ tableName: 'agent_invitation' })
export class AgentInvitation extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'acceptedBy' | 'phone';

  @Field({ description: 'Invitee\'s name.' }) @Property() name!: string;
  @Field(() => String, { nullable: true, description: 'Invitee\'s phone (E.164).' }) @Property({ type: 'string', nullable: true }) phone?: string | null;
  @Property({ unique: true, hidden: true }) tokenHash!: string;
  @Field({ description: 'PENDING, ACCEPTED or CANCELLED.' }) @Property() status!: string;
  @Field({ description: 'Expiry.' }) @Property({ type: 'datetime' }) expiresAt!: Date;
  @Field(() => String, { nullable: true, description: 'User who accepted.' }) @Property({ type: 'uuid', nullable: true }) acceptedBy?: string | null;
}
