import { describe, expect, it, vi } from 'vitest'
import {
  INVALID_VAPID_KEY,
  isPushSupported,
  needsHomeScreen,
  permissionToast,
  PUSH_BLOCKED,
  PUSH_PERMISSION_REQUIRED,
  NOTIFICATION_BADGE,
  notificationOptions,
  pushContent,
  SITE_ICON,
  subscriptionBody,
  unsupportedReason,
  urlBase64ToUint8Array,
  type PushEnvironment,
} from './push'

// A real uncompressed P-256 public key (65 bytes, base64url without padding).
const key65 = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'

describe('urlBase64ToUint8Array', () => {
  it('decodes a 65-byte key without a warning', () => {
    const warn = vi.fn()
    const bytes = urlBase64ToUint8Array(key65, warn)
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect(bytes.length).toBe(65)
    expect(bytes[0]).toBe(4)
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ['AQID', [1, 2, 3]],
    ['-_8', [251, 255]],
    ['AQ==', [1]],
  ])('decodes %s and warns about its length', (input, expected) => {
    const warn = vi.fn()
    expect(Array.from(urlBase64ToUint8Array(input, warn))).toEqual(expected)
    expect(warn).toHaveBeenCalledOnce()
  })

  it.each(['', '   ', 'not a key!', 'abc$def', 'A', 'AB=C', 'ABC==='])('refuses %j', (input) => {
    expect(() => urlBase64ToUint8Array(input, () => {})).toThrow(INVALID_VAPID_KEY)
  })
})

const env = (patch: Partial<PushEnvironment> = {}): PushEnvironment => ({
  serviceWorker: true,
  pushManager: true,
  notification: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  standalone: false,
  ...patch,
})

describe('support', () => {
  it.each<[string, Partial<PushEnvironment>, boolean]>([
    ['all present', {}, true],
    ['no service worker', { serviceWorker: false }, false],
    ['no PushManager', { pushManager: false }, false],
    ['no Notification', { notification: false }, false],
  ])('%s', (_name, patch, supported) => {
    expect(isPushSupported(env(patch))).toBe(supported)
  })

  it('names what is missing', () => {
    expect(unsupportedReason(env({ pushManager: false, notification: false }))).toBe(
      'This browser does not support the Push API, notifications.',
    )
  })

  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1'
  const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15'
  it.each<[string, Partial<PushEnvironment>, number, boolean]>([
    ['iPhone Safari in a tab', { userAgent: iphone }, 5, true],
    ['iPhone installed', { userAgent: iphone, standalone: true }, 5, false],
    ['iPadOS (a Mac with touch)', { userAgent: ipad }, 5, true],
    ['a Mac', { userAgent: ipad }, 0, false],
    ['desktop Chrome', {}, 0, false],
  ])('needsHomeScreen: %s', (_name, patch, touch, expected) => {
    expect(needsHomeScreen(env(patch), touch)).toBe(expected)
  })
})

describe('permissionToast', () => {
  it.each<[NotificationPermission, unknown]>([
    ['granted', null],
    ['denied', PUSH_BLOCKED],
    ['default', PUSH_PERMISSION_REQUIRED],
  ])('%s', (permission, expected) => {
    expect(permissionToast(permission)).toBe(expected)
  })
  it('uses the SPEC titles', () => {
    expect(PUSH_BLOCKED.title).toBe('Notifications blocked')
    expect(PUSH_PERMISSION_REQUIRED.title).toBe('Permission required')
  })
})

describe('subscriptionBody', () => {
  it('keeps endpoint and keys', () => {
    expect(subscriptionBody({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } })).toEqual({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'p', auth: 'a' },
    })
  })
  it('refuses a subscription without keys', () => {
    expect(subscriptionBody({ endpoint: 'https://push.example/1' })).toBeNull()
  })
})

describe('pushContent', () => {
  it('reads the server payload', () => {
    const text = JSON.stringify({ title: 'CineCircle', body: 'Maya liked your post', url: '/#activity-a1', tag: 'n1', type: 'like', entityType: 'activity', entityId: 'a1' })
    expect(pushContent(text)).toEqual({
      title: 'CineCircle',
      body: 'Maya liked your post',
      url: '/#activity-a1',
      tag: 'n1',
      type: 'like',
      entityType: 'activity',
      entityId: 'a1',
    })
  })
  it.each<[string | null, { title: string; body: string; url: string }]>([
    [null, { title: 'CineCircle', body: '', url: '/' }],
    ['plain words', { title: 'CineCircle', body: 'plain words', url: '/' }],
    ['{"body":"x","url":"https://elsewhere.example/"}', { title: 'CineCircle', body: 'x', url: '/' }],
    ['{"body":"x","url":"//elsewhere.example/"}', { title: 'CineCircle', body: 'x', url: '/' }],
    ['{"body":"x","url":"/\\\\elsewhere.example/"}', { title: 'CineCircle', body: 'x', url: '/' }],
  ])('%j', (text, expected) => {
    expect(pushContent(text)).toMatchObject(expected)
  })
})

describe('notificationOptions', () => {
  const photo = '/api/files/_pb_users_auth_/maya00000000000/me_abc.jpg?thumb=128x128'
  it.each<[string, string | null, string]>([
    ['the actor\'s photo', JSON.stringify({ body: 'Maya liked your post', icon: photo }), photo],
    ['the site icon without a photo', JSON.stringify({ body: 'Maya liked your post' }), SITE_ICON],
    ['the site icon for a photo on another host', JSON.stringify({ body: 'x', icon: 'https://elsewhere.example/me.jpg' }), SITE_ICON],
    ['the site icon for a protocol-relative photo', JSON.stringify({ body: 'x', icon: '//elsewhere.example/me.jpg' }), SITE_ICON],
    ['the site icon for an empty icon', JSON.stringify({ body: 'x', icon: '' }), SITE_ICON],
    ['the site icon for a payload that is not JSON', 'plain words', SITE_ICON],
  ])('shows %s', (_, text, icon) => {
    const options = notificationOptions(pushContent(text))
    expect(options.icon).toBe(icon)
    expect(options.badge).toBe(NOTIFICATION_BADGE)
  })
  it('keeps what the click routes by', () => {
    const text = JSON.stringify({ body: 'Maya liked your post', url: '/#activity-a1', tag: 'n1', type: 'like', entityType: 'activity', entityId: 'a1', icon: photo })
    expect(notificationOptions(pushContent(text))).toEqual({
      body: 'Maya liked your post',
      tag: 'n1',
      icon: photo,
      badge: NOTIFICATION_BADGE,
      data: { url: '/#activity-a1', type: 'like', entityType: 'activity', entityId: 'a1' },
    })
  })
})
