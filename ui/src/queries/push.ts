import { useCallback, useEffect, useState } from 'react'
import { apiRequest } from '../lib/api'
import {
  isPushSupported,
  needsHomeScreen,
  permissionToast,
  PUSH_DISABLED,
  PUSH_ENABLED,
  PUSH_NOT_SUPPORTED_IOS,
  readPushEnvironment,
  subscriptionBody,
  urlBase64ToUint8Array,
  type PushEnvironment,
  type ToastText,
} from '../lib/push'
import { toast } from '../lib/toast'

const say = (text: ToastText) => toast({ title: text.title, description: text.description, variant: text.variant })

/** The registration of our service worker, or null (dev builds register none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null
  const reg = await navigator.serviceWorker.getRegistration('/')
  return reg ?? null
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration()
  return reg ? reg.pushManager.getSubscription() : null
}

/**
 * subscribe asks the push service for a subscription with our key and hands it to our
 * server. Failures are only logged (SPEC §8) and leave the member unsubscribed.
 */
async function subscribe(): Promise<boolean> {
  try {
    const reg = await registration()
    if (!reg) {
      console.warn('Push: no service worker is registered')
      return false
    }
    const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/vapid-public-key')
    const applicationServerKey = urlBase64ToUint8Array(publicKey)
    const existing = await reg.pushManager.getSubscription()
    const sub =
      existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey as BufferSource }))
    const body = subscriptionBody(sub.toJSON())
    if (!body) throw new Error('The push subscription has no keys')
    await apiRequest('POST', '/api/push/subscribe', body)
    return true
  } catch (error) {
    console.error('Push: subscribing failed', error)
    return false
  }
}

async function unsubscribe(): Promise<void> {
  const sub = await currentSubscription()
  if (!sub) return
  try {
    await apiRequest('DELETE', '/api/push/unsubscribe', { endpoint: sub.endpoint })
  } catch (error) {
    console.error('Push: the server did not forget the subscription', error)
  }
  await sub.unsubscribe()
}

export interface PushState {
  env: PushEnvironment
  supported: boolean
  subscribed: boolean
  busy: boolean
  enable: () => Promise<void>
  disable: () => Promise<void>
}

/**
 * usePush: the avatar menu's Enable/Disable Notifications (SPEC §2, §4, §8). Enabling asks
 * for permission when needed and explains a refusal ('Notifications blocked', 'Permission
 * required'); Safari on iOS outside an installed app is told to add it to the Home Screen.
 */
export function usePush(): PushState {
  const [env] = useState(readPushEnvironment)
  const supported = isPushSupported(env)
  const [subscribed, setSubscribed] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!supported) return
    let live = true
    currentSubscription()
      .then((sub) => {
        if (live) setSubscribed(sub !== null && Notification.permission === 'granted')
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [supported])

  const enable = useCallback(async () => {
    if (needsHomeScreen(env, navigator.maxTouchPoints)) {
      say(PUSH_NOT_SUPPORTED_IOS)
      return
    }
    if (!supported) {
      console.info('Push: this browser does not support push notifications')
      return
    }
    setBusy(true)
    try {
      let permission = Notification.permission
      if (permission === 'default') permission = await Notification.requestPermission()
      const refusal = permissionToast(permission)
      if (refusal) {
        say(refusal)
        return
      }
      if (await subscribe()) {
        setSubscribed(true)
        say(PUSH_ENABLED)
      }
    } finally {
      setBusy(false)
    }
  }, [env, supported])

  const disable = useCallback(async () => {
    setBusy(true)
    try {
      await unsubscribe()
      setSubscribed(false)
      say(PUSH_DISABLED)
    } catch (error) {
      console.error('Push: unsubscribing failed', error)
    } finally {
      setBusy(false)
    }
  }, [])

  return { env, supported, subscribed, busy, enable, disable }
}
