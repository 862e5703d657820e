import { profileResponse, signInCheckInput, updateProfileInput } from '../schemas/profile.js';
import { namedRoutes } from './contract.js';

/** Profiles: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const profileRoutes = namedRoutes({
  // A GET that writes: it creates a missing profile and follows a changed sign-in address.
  GetProfile: {
    method: 'GET', path: '/profile', handler: 'functions/http/profile/get', auth: 'user', dataAccess: 'write', status: 200,
    response: profileResponse,
  },
  UpdateProfile: {
    method: 'PATCH', path: '/profile', handler: 'functions/http/profile/update', auth: 'user', dataAccess: 'write', status: 200,
    body: updateProfileInput, response: profileResponse,
  },
  // Whether a password (and a code) sign the caller in, asked by Settings before changing the password or
  // turning two-factor sign-in off; the API asks the user pool, so browsers sign in with SRP only.
  CheckSignIn: {
    method: 'POST', path: '/profile/sign-in-check', handler: 'functions/http/profile/check-sign-in', auth: 'user', refusesApiTokens: true, dataAccess: 'none', checksSignIn: true, status: 204,
    body: signInCheckInput,
  },
});
