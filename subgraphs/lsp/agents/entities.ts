import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { LspRecord, type LspRecordOptional } from '../common/records.js';
import { Vehicle } from '../fleets/entities.js';
import { ENTITY_DOCS } from '../../../kernel/references.js';
import { AgentInvitationStatus, AgentStatus } from './enums.js';

/** An agent (driver, rider, courier) working for the LSP; a platform user. */
@ObjectType({ description: ENTITY_DOCS.agent })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'agent' })
@Unique({ properties: ['workspaceId', 'icode', 'userId'] })
export class Agent extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'phone' | 'bio' | 'licenseNumber';

  @Field(() => ID, { description: "Identifier of the agent's user account (`User.id`)." }) @Property({ type: 'uuid' }) userId!: string;
  @Field({ description: 'Name of the agent.' }) @Property() name!: string;
  @Field(() => String, { nullable: true, description: 'Phone number of the agent (E.164).' }) @Property({ type: 'string', nullable: true }) phone?: string | null;
  @Field(() => AgentStatus, { description: 'Whether the agent works for the LSP now.' }) @Property() status!: AgentStatus;
  @Field(() => String, { nullable: true, description: 'Short description of the agent.' }) @Property({ type: 'text', nullable: true }) bio?: string | null;
  @Field(() => String, { nullable: true, description: 'Driving licence number of the agent.' }) @Property({ type: 'string', nullable: true }) licenseNumber?: string | null;
}

/** A vehicle assigned to an agent; at most one owner-agent per vehicle. */
@ObjectType({ description: 'A vehicle assigned to an agent, with its terms.' })
@Entity({ tableName: 'agent_vehicle' })
@Unique({ properties: ['agent', 'vehicle'] })
export class AgentVehicle extends LspRecord {
  [OptionalProps]?: LspRecordOptional;

  @ManyToOne(() => Agent, { deleteRule: 'cascade' }) @Index() agent!: Agent;
  @ManyToOne(() => Vehicle, { deleteRule: 'cascade' }) @Index() vehicle!: Vehicle;

  @Field(() => ID, { description: 'Identifier of the assigned vehicle (REST: `vid`).' })
  get vehicleId(): string {
    return this.vehicle.id;
  }

  @Field(() => [String], { description: 'Terms of the assignment, in free text (at most 20).' }) @Property({ type: 'json' }) terms!: string[];
  @Field({ description: 'Whether the agent owns the vehicle (one owner-agent per vehicle).' }) @Property() isOwner!: boolean;
}

/** An invitation for a user to join the LSP as an agent (how agents come in; see docs/lsp.md). */
@ObjectType({ description: 'An invitation to join an LSP as an agent.' })
@Entity({ tableName: 'agent_invitation' })
export class AgentInvitation extends LspRecord {
  [OptionalProps]?: LspRecordOptional | 'acceptedBy' | 'phone';

  @Field({ description: 'Name of the invitee.' }) @Property() name!: string;
  @Field(() => String, { nullable: true, description: 'Phone number of the invitee (E.164).' }) @Property({ type: 'string', nullable: true }) phone?: string | null;
  @Property({ unique: true, hidden: true }) tokenHash!: string;
  @Field(() => AgentInvitationStatus, { description: 'Where the invitation stands.' }) @Property() status!: AgentInvitationStatus;
  @Field({ description: 'When the invitation expires (INVITATION_TTL_DAYS after it was made).' }) @Property({ type: 'datetime' }) expiresAt!: Date;
  @Field(() => ID, { nullable: true, description: 'Identifier of the user who accepted the invitation, if any.' }) @Property({ type: 'uuid', nullable: true }) acceptedBy?: string | null;
}
