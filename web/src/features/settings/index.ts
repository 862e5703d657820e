/** What other features use of Settings: the signed-in user's profile. */
export { profileQueryOptions, useClockZones, useSaveProfile } from './api/profile';
