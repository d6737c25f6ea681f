import { Field, Int, ObjectType } from 'type-graphql';
import { User } from './entities.js';

@ObjectType({ description: 'Tokens issued by register, login and refresh.' })
export class AuthPayload {
  @Field(() => User, { description: 'The signed-in user.' }) user!: User;
  @Field({ description: 'Short-lived access token (JWT) for `Authorization: Bearer`.' }) accessToken!: string;
  @Field({ description: 'Refresh token: single use, rotated on every refresh.' }) refreshToken!: string;
  @Field(() => Int, { description: 'Access token lifetime in seconds.' }) expiresIn!: number;
}
