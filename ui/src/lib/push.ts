// Web push (SPEC §3 Push subscription, §4 Notification permission, §5 Push key, §8 Push).
// Pure helpers shared by the avatar menu's Enable/Disable Notifications item and the
// service worker; the browser calls live in queries/push.ts.

/** An application-server key is an uncompressed P-256 point: 65 bytes once decoded. */
export const VAPID_KEY_BYTES = 65
export const INVALID_VAPID_KEY = 'Invalid VAPID key format'

/**
 * urlBase64ToUint8Array decodes the server's base64url public key for
 * PushManager.subscribe. Anything that is not base64url raises 'Invalid VAPID key
 * format'; a key that does not decode to 65 bytes only logs a warning (SPEC §5).
 */
export function urlBase64ToUint8Array(base64String: string, warn: (message: string) => void = console.warn): Uint8Array {
  const trimmed = (base64String ?? '').trim()
  if (!trimmed || !/^[A-Za-z0-9_-]+={0,2}$/.test(trimmed) || trimmed.replace(/=+$/, '').length % 4 === 1) {
    throw new Error(INVALID_VAPID_KEY)
  }
  const padding = '='.repeat((4 - (trimmed.length % 4)) % 4)
  const base64 = (trimmed + padding).replace(/-/g, '+').replace(/_/g, '/')
  let raw: string
  try {
    raw = atob(base64)
  } catch {
    throw new Error(INVALID_VAPID_KEY)
  }
  const bytes = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i)
  if (bytes.length !== VAPID_KEY_BYTES) {
    warn(`VAPID public key decodes to ${bytes.length} bytes; expected ${VAPID_KEY_BYTES}`)
  }
  return bytes
}

/** What the push feature needs to know of the browser. */
export interface PushEnvironment {
  serviceWorker: boolean
  pushManager: boolean
  notification: boolean
  userAgent: string
  /** Running as an installed app (display-mode standalone or iOS navigator.standalone). */
  standalone: boolean
}

/** readPushEnvironment looks at the real browser. */
export function readPushEnvironment(): PushEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  const win = typeof window === 'undefined' ? undefined : window
  return {
    serviceWorker: !!nav && 'serviceWorker' in nav,
    pushManager: !!win && 'PushManager' in win,
    notification: !!win && 'Notification' in win,
    userAgent: nav?.userAgent ?? '',
    standalone:
      !!win &&
      ((typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches) ||
        (nav as unknown as { standalone?: boolean } | undefined)?.standalone === true),
  }
}

/** isPushSupported: a service worker, PushManager and Notification are all present. */
export function isPushSupported(env: PushEnvironment): boolean {
  return env.serviceWorker && env.pushManager && env.notification
}

/** isIos: iPhone, iPad or iPod (iPadOS reports itself as a Mac with touch). */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/**
 * needsHomeScreen: Safari on iOS offers push only to a site added to the home screen
 * (SPEC §8: 'Push notifications not supported' there).
 */
export function needsHomeScreen(env: PushEnvironment, maxTouchPoints = 0): boolean {
  return isIos(env.userAgent, maxTouchPoints) && !env.standalone
}

/** unsupportedReason: what is missing, for the debug entry of the avatar menu. */
export function unsupportedReason(env: PushEnvironment): string {
  const missing = [
    !env.serviceWorker && 'service workers',
    !env.pushManager && 'the Push API',
    !env.notification && 'notifications',
  ].filter(Boolean)
  if (missing.length === 0) return 'This browser supports push notifications.'
  return `This browser does not support ${missing.join(', ')}.`
}

export interface ToastText {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
}

// SPEC §8 push texts, verbatim.
export const PUSH_ENABLED: ToastText = { title: 'Push notifications enabled', description: "You'll be notified about likes, comments and new posts." }
export const PUSH_DISABLED: ToastText = { title: 'Push notifications disabled', description: "You won't get push notifications on this device." }
export const PUSH_BLOCKED: ToastText = {
  title: 'Notifications blocked',
  description: 'Enable notifications for this site in your browser settings, then reload the page.',
  variant: 'destructive',
}
export const PUSH_PERMISSION_REQUIRED: ToastText = {
  title: 'Permission required',
  description: 'Allow notifications when your browser asks, to get push notifications.',
}
export const PUSH_NOT_SUPPORTED_IOS: ToastText = {
  title: 'Push notifications not supported',
  description: 'On iPhone and iPad, add CineCircle to your Home Screen (Share → Add to Home Screen), then open it from there.',
}

/**
 * permissionToast: what to say after asking for permission; null when granted (the
 * subscription follows and its own toast says it worked).
 */
export function permissionToast(permission: NotificationPermission): ToastText | null {
  if (permission === 'granted') return null
  return permission === 'denied' ? PUSH_BLOCKED : PUSH_PERMISSION_REQUIRED
}

/** The body of POST /api/push/subscribe. */
export interface PushSubscriptionBody {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** subscriptionBody reads a PushSubscription's JSON form; null when it lacks keys. */
export function subscriptionBody(json: PushSubscriptionJSON): PushSubscriptionBody | null {
  const p256dh = json.keys?.p256dh
  const auth = json.keys?.auth
  if (!json.endpoint || !p256dh || !auth) return null
  return { endpoint: json.endpoint, keys: { p256dh, auth } }
}

/** What the service worker shows for a push (the server sends these fields). */
export interface PushNotificationContent {
  title: string
  body: string
  tag?: string
  url: string
  type?: string
  entityType?: string
  entityId?: string
  /** The actor's photo (a path on this site), when they have one. */
  icon?: string
}

/** SITE_ICON is a notification's icon when the actor has no photo (a PNG: not every platform draws an SVG icon). */
export const SITE_ICON = '/pwa-192.png'

/** NOTIFICATION_BADGE is the small monochrome mark in the status bar. */
export const NOTIFICATION_BADGE = '/favicon.svg'

/** sitePath keeps a path on this site ('/…'), never one a browser reads as another host ('//…', '/\\…'). */
function sitePath(value: string | undefined): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined
}

/**
 * pushContent reads a push payload ({title, body, url, tag, type, entityType, entityId, icon});
 * a payload that is not JSON becomes the body of a 'CineCircle' notification.
 */
export function pushContent(text: string | null | undefined): PushNotificationContent {
  const fallback: PushNotificationContent = { title: 'CineCircle', body: '', url: '/' }
  if (!text) return fallback
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ...fallback, body: text }
  }
  if (!data || typeof data !== 'object') return { ...fallback, body: String(text) }
  const d = data as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)
  return {
    title: str(d.title) ?? fallback.title,
    body: str(d.body) ?? '',
    tag: str(d.tag),
    url: sitePath(str(d.url)) ?? '/',
    type: str(d.type),
    entityType: str(d.entityType),
    entityId: str(d.entityId),
    icon: sitePath(str(d.icon)),
  }
}

/**
 * notificationOptions is what the service worker shows for a push: the actor's photo as
 * the icon when the payload names one (the server sends their 128 px thumb), else the
 * site's icon; the data the click handler routes by.
 */
export function notificationOptions(content: PushNotificationContent): NotificationOptions {
  return {
    body: content.body,
    tag: content.tag,
    icon: content.icon ?? SITE_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: content.url, type: content.type, entityType: content.entityType, entityId: content.entityId },
  }
}
