import type { RouteSpec } from './types.js';

const USER_FIELDS = 'id email phone name avatar userType verified createdAt updatedAt metadata { language timezone notifications }';
const NOTIFICATION_FIELDS = 'email { enabled orderUpdates marketing security } push { enabled orderUpdates messages } sms { enabled orderUpdates }';
const PRIVACY_FIELDS = 'profileVisibility showEmail showPhone allowMessages shareLocation';

const base = { tag: 'User management', envelope: 'user', auth: 'user-bearer' } as const;

/** Group 1: user management (`{auth_url}/v1/users`). */
export const userRoutes: RouteSpec[] = [
  {
    ...base,
    method: 'GET',
    path: '/v1/users/me',
    summary: 'The signed-in user',
    operation: `query Me { me { ${USER_FIELDS} } }`,
    result: { user: 'me' },
  },
  {
    ...base,
    method: 'GET',
    path: '/v1/users/search',
    summary: 'Search users by name, e-mail or phone',
    operation: `query SearchUsers($q: String!, $type: UserType, $limit: Int, $offset: Int) {
      searchUsers(q: $q, userType: $type, limit: $limit, offset: $offset) { users { id name avatar userType verified } total limit offset } }`,
    result: { '...': 'searchUsers' },
  },
  {
    ...base,
    method: 'GET',
    path: '/v1/users/:userId',
    summary: 'Public view of another user',
    operation: `query PublicUser($userId: ID!) { user(id: $userId) { id name avatar userType verified public { bio rating completedDeliveries } } }`,
    result: { user: 'user' },
  },
  {
    ...base,
    method: 'PATCH',
    path: '/v1/users/me',
    summary: 'Update the profile',
    operation: `mutation UpdateProfile($input: UpdateProfileInput!) { updateProfile(input: $input) { id name avatar bio metadata { language timezone notifications } updatedAt } }`,
    bodyVariable: 'input',
    result: { user: 'updateProfile' },
  },
  {
    ...base,
    method: 'POST',
    path: '/v1/users/me/avatar',
    summary: 'Upload an avatar (multipart part `file`)',
    operation: `mutation UploadAvatar($file: Upload!) { uploadAvatar(file: $file) { avatarUrl message } }`,
    files: { file: 'file' },
    maxFileBytes: 'AVATAR_MAX_BYTES',
    result: { '...': 'uploadAvatar' },
  },
  {
    ...base,
    method: 'PATCH',
    path: '/v1/users/me/settings/notifications',
    summary: 'Change notification settings',
    operation: `mutation UpdateNotificationSettings($input: NotificationSettingsInput!) { updateNotificationSettings(input: $input) { ${NOTIFICATION_FIELDS} } }`,
    bodyVariable: 'input',
    result: { settings: 'updateNotificationSettings' },
  },
  {
    ...base,
    method: 'PATCH',
    path: '/v1/users/me/settings/privacy',
    summary: 'Change privacy settings',
    operation: `mutation UpdatePrivacySettings($input: PrivacySettingsInput!) { updatePrivacySettings(input: $input) { ${PRIVACY_FIELDS} } }`,
    bodyVariable: 'input',
    result: { settings: 'updatePrivacySettings' },
  },
  {
    ...base,
    method: 'POST',
    path: '/v1/users/me/verify',
    summary: 'Submit identity documents (multipart)',
    operation: `mutation SubmitVerification($input: VerificationInput!) { submitVerification(input: $input) { verificationId status message } }`,
    bodyVariable: 'input',
    files: { documentFront: 'input.documentFront', documentBack: 'input.documentBack', selfie: 'input.selfie' },
    maxFileBytes: 'DOCUMENT_MAX_BYTES',
    result: { '...': 'submitVerification' },
    status: 201,
  },
  {
    ...base,
    method: 'DELETE',
    path: '/v1/users/me',
    summary: 'Schedule the deletion of the account',
    operation: `mutation DeleteAccount($input: DeleteAccountInput!) { deleteAccount(input: $input) { message deletionDate } }`,
    bodyVariable: 'input',
    result: { '...': 'deleteAccount' },
  },
  {
    ...base,
    method: 'PATCH',
    path: '/v1/users/me/metadata',
    summary: 'Merge custom metadata',
    operation: `mutation UpdateCustomMetadata($input: CustomMetadataInput!) { updateCustomMetadata(input: $input) { preferences { theme mapStyle units } customFields } }`,
    bodyVariable: 'input',
    result: { metadata: 'updateCustomMetadata' },
  },
];
