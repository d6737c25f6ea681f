import { ArgsType, Field } from 'type-graphql';
import { IsOptional, Length } from 'class-validator';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { OrderStatus } from '../orders/enums.js';

@ArgsType()
export class CspOrdersArgs extends PageArgs {
  @Field({ description: "The CSP's code (`:icode`): that of the caller's CSP context." }) @Length(1, 64) providerCode!: string;
  @Field(() => OrderStatus, { nullable: true, description: 'Only orders with this status.' }) @IsOptional() status?: OrderStatus;
  @Field({ nullable: true, description: 'Only the orders of this client.' }) @IsOptional() @Length(1, 128) clientId?: string;
  @Field({ nullable: true, description: 'Only the orders of this LSP (its code).' }) @IsOptional() @Length(1, 64) lspCode?: string;
  @Field({ nullable: true, description: 'Sandbox orders instead of live ones (default false): the two never mix.' }) @IsOptional() sandbox?: boolean;
}

@ArgsType()
export class LspOrdersArgs extends PageArgs {
  @Field({ description: "The LSP's code: that of the caller's LSP context." }) @Length(1, 64) providerCode!: string;
  @Field(() => OrderStatus, { nullable: true, description: 'Only orders with this status.' }) @IsOptional() status?: OrderStatus;
  @Field({ nullable: true, description: 'Sandbox orders instead of live ones (default false): an LSP sees sandbox orders only when it asks for them.' })
  @IsOptional()
  sandbox?: boolean;
}

@ArgsType()
export class AssignedOrdersArgs extends PageArgs {
  @Field(() => OrderStatus, { nullable: true, description: 'Only orders with this status (default: every order assigned to the caller).' }) @IsOptional() status?: OrderStatus;
}
