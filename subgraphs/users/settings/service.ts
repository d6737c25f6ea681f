import type { AccountScope } from '../common/scope.js';
import { changeOwnAccount } from '../accounts/service.js';
import { changedCustomMetadata, changedNotifications, withSwitches } from './rules.js';
import type { CustomMetadata, CustomMetadataInput, NotificationSettings, NotificationSettingsInput, PrivacySettings, PrivacySettingsInput } from './types.js';

// Each change answers the whole settings object after it.

export const updateNotifications = (account: AccountScope, input: NotificationSettingsInput): Promise<NotificationSettings> =>
  changeOwnAccount(account, (user) => (user.notificationSettings = changedNotifications(user.notificationSettings, input)));

export const updatePrivacy = (account: AccountScope, input: PrivacySettingsInput): Promise<PrivacySettings> =>
  changeOwnAccount(account, (user) => Object.assign(user, withSwitches(user.privacy(), input)).privacy());

export const updateCustomMetadata = (account: AccountScope, input: CustomMetadataInput): Promise<CustomMetadata> =>
  changeOwnAccount(account, (user) => (user.customMetadata = changedCustomMetadata(user.customMetadata, input)));
