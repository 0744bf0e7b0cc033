import PocketBase, { BaseAuthStore } from 'pocketbase'

/**
 * pb is the PocketBase SDK client, used for OAuth2 (realtime has its own EventSource). The session
 * is an HttpOnly cookie the browser sends by itself, so the SDK keeps no token of its
 * own: its auth store lives in memory only and is cleared right after an OAuth2 sign-in
 * has been exchanged for the cookie.
 */
export const pb = new PocketBase('/', new BaseAuthStore())

// The SDK cancels a pending request when another one starts on the same path; parallel
// queries are normal here, so that is switched off.
pb.autoCancellation(false)
