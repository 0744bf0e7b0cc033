import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useCurrentUser } from '../../queries/auth'
import { settingsQuery } from '../../queries/settings'
import { activityTitle, type Activity } from '../../lib/feed'
import { listPostData } from '../../lib/lists'
import {
  shareLink,
  facebookShareUrl,
  INSTAGRAM_URL,
  popupFeatures,
  shareHashtags,
  shareText,
  TIKTOK_URL,
  twitterShareUrl,
} from '../../lib/share'
import { toast } from '../../lib/toast'
import { Menu, type MenuItem } from '../feed/Menu'
import { copyText } from './clipboard'
import { ShareIcon } from './ShareIcon'

const loadShareImageDialog = () => import('./ShareImageDialog')
const loadListShareDialog = () => import('../lists/ListShareDialog')
const ShareImageDialog = lazy(() => loadShareImageDialog().then((m) => ({ default: m.ShareImageDialog })))
const ListShareDialog = lazy(() => loadListShareDialog().then((m) => ({ default: m.ListShareDialog })))

function openPopup(url: string) {
  window.open(url, '_blank', popupFeatures({ width: window.outerWidth, height: window.outerHeight, left: window.screenX, top: window.screenY }))
}

async function copyOrSay(text: string): Promise<boolean> {
  try {
    await copyText(text)
    return true
  } catch {
    toast({ title: 'Error', description: 'Failed to copy content', variant: 'destructive' })
    return false
  }
}

/**
 * ShareMenu: the share menu of a post (SPEC §2): Facebook and Twitter (with hashtags) in a
 * 600×400 popup; Instagram and TikTok copy the text, then open the site; Copy link; the
 * share image card; More options (the native share sheet) where the browser has one. A
 * post about a list shares the list: its link, its line and its poster-mosaic card.
 */
export function ShareMenu({ activity }: { activity: Activity }) {
  const { data: me } = useCurrentUser()
  const [imageOpen, setImageOpen] = useState(false)
  const { data: settings } = useQuery({ ...settingsQuery(), staleTime: 60_000 })
  const link = shareLink(window.location.origin, activity, settings && { ...settings, id: me?.id ?? '' })
  const text = shareText(activity)
  const canNativeShare = typeof navigator.share === 'function'
  const hasImage = activity.type !== 'episode_review' && !activity.type.startsWith('challenge_')
  const isList = listPostData(activity) !== null

  const copyThenOpen = async (site: string, name: string) => {
    if (!(await copyOrSay(`${text} ${link}`))) return
    toast({ title: 'Copied to clipboard', description: `Paste it into your ${name} post.` })
    window.open(site, '_blank', 'noopener,noreferrer')
  }

  const items: MenuItem[] = [
    { key: 'facebook', label: 'Facebook', onSelect: () => openPopup(facebookShareUrl(link)) },
    { key: 'twitter', label: 'Twitter', onSelect: () => openPopup(twitterShareUrl(text, link, shareHashtags(activity))) },
    { key: 'instagram', label: 'Instagram', onSelect: () => void copyThenOpen(INSTAGRAM_URL, 'Instagram') },
    { key: 'tiktok', label: 'TikTok', onSelect: () => void copyThenOpen(TIKTOK_URL, 'TikTok') },
    {
      key: 'copy',
      label: 'Copy link',
      onSelect: () =>
        void copyOrSay(link).then((ok) => {
          if (ok) toast({ title: 'Link copied', description: `The link to this ${isList ? 'list' : 'post'} is on your clipboard.` })
        }),
    },
  ]
  if (hasImage) {
    const preload = () => void (isList ? loadListShareDialog() : loadShareImageDialog())
    items.push({ key: 'image', label: 'Share as image', onSelect: () => setImageOpen(true), preload })
  }
  if (canNativeShare) {
    items.push({
      key: 'more',
      label: 'More options',
      onSelect: () => {
        navigator.share({ title: listPostData(activity)?.listName ?? activityTitle(activity).title, text, url: link }).catch(() => {
          // Closing the share sheet rejects too; there is nothing to say.
        })
      },
    })
  }

  return (
    <>
      <Menu
        label="Share"
        align="right"
        buttonClassName="btn btn-ghost btn-sm gap-1.5"
        button={
          <>
            <ShareIcon className="size-4" />
            <span className="hidden sm:inline">Share</span>
          </>
        }
        items={items}
      />
      {imageOpen && (
        <Suspense fallback={null}>
          {isList ? (
            <ListShareDialog activity={activity} onClose={() => setImageOpen(false)} />
          ) : (
            <ShareImageDialog activity={activity} onClose={() => setImageOpen(false)} />
          )}
        </Suspense>
      )}
    </>
  )
}
