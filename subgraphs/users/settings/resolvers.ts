import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { User } from '../accounts/entities.js';
import * as settings from './service.js';
import { CustomMetadata, CustomMetadataInput, NotificationSettings, NotificationSettingsInput, PrivacySettings, PrivacySettingsInput } from './types.js';

/** A user's settings: read as owner-only fields of `User`, changed by the signed-in user. */
@Resolver(() => User)
export class SettingsResolver {
  @FieldResolver(() => NotificationSettings, { description: 'Which notifications the user receives, channel by channel. Owner only.' })
  notificationSettings(@Root() user: User, @Ctx() ctx: SubgraphContext): NotificationSettings {
    scope(ctx, 'viewer').ownerOnly(user.id);
    return user.notificationSettings;
  }

  @FieldResolver(() => PrivacySettings, { description: 'What the user shows of themselves to other users. Owner only.' })
  privacySettings(@Root() user: User, @Ctx() ctx: SubgraphContext): PrivacySettings {
    scope(ctx, 'viewer').ownerOnly(user.id);
    return user.privacy();
  }

  @FieldResolver(() => CustomMetadata, { description: 'Display preferences and free fields the applications keep. Owner only.' })
  customMetadata(@Root() user: User, @Ctx() ctx: SubgraphContext): CustomMetadata {
    scope(ctx, 'viewer').ownerOnly(user.id);
    return user.customMetadata;
  }

  @Mutation(() => NotificationSettings, {
    description: "Switch the signed-in user's notifications on or off, channel by channel; answers them all. REST: `PATCH /v1/users/me/settings/notifications`.",
  })
  updateNotificationSettings(
    @Arg('input', { description: 'The switches to change; omitted ones keep their value.' }) input: NotificationSettingsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<NotificationSettings> {
    return settings.updateNotifications(scope(ctx, 'account'), input);
  }

  @Mutation(() => PrivacySettings, {
    description: 'Change what the signed-in user shows of themselves to others; answers every setting. REST: `PATCH /v1/users/me/settings/privacy`.',
  })
  updatePrivacySettings(@Arg('input', { description: 'The settings to change; omitted ones keep their value.' }) input: PrivacySettingsInput, @Ctx() ctx: SubgraphContext): Promise<PrivacySettings> {
    return settings.updatePrivacy(scope(ctx, 'account'), input);
  }

  @Mutation(() => CustomMetadata, {
    description: "Merge display preferences and free fields into the signed-in user's custom metadata. REST: `PATCH /v1/users/me/metadata`.",
  })
  updateCustomMetadata(@Arg('input', { description: 'The keys to set, or to remove with null.' }) input: CustomMetadataInput, @Ctx() ctx: SubgraphContext): Promise<CustomMetadata> {
    return settings.updateCustomMetadata(scope(ctx, 'account'), input);
  }
}
