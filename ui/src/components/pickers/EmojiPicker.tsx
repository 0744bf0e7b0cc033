import { useEffect, useRef, useState } from 'react'
import { useDismiss } from '../../hooks/useDismiss'
import { useTheme } from '../../hooks/useTheme'

/** The default quick reactions (SPEC §3): thumbs up, red heart, smiling face, crying face, folded hands, thumbs down, angry face. */
export const QUICK_REACTIONS: readonly { emoji: string; label: string }[] = [
  { emoji: '👍', label: 'Thumbs up' },
  { emoji: '❤️', label: 'Red heart' },
  { emoji: '😊', label: 'Smiling face' },
  { emoji: '😢', label: 'Crying face' },
  { emoji: '🙏', label: 'Folded hands' },
  { emoji: '👎', label: 'Thumbs down' },
  { emoji: '😠', label: 'Angry face' },
]

// SPEC §3's categories in emoji-mart 5's names: suggested → frequent (recently used),
// smileys_people → people, animals_nature → nature, food_drink → foods, travel_places →
// places, activities → activity. We have no custom emoji, so 'custom' has nothing to show.
const CATEGORIES = ['frequent', 'people', 'nature', 'foods', 'places', 'activity', 'objects', 'symbols', 'flags']

// 7 per line in 300 px; two rows of recently used = at most 14, kept by emoji-mart in
// localStorage ('emoji-mart.frequently').
const PER_LINE = 7
const RECENT_ROWS = 2

interface EmojiSelection {
  native?: string
}

/**
 * EmojiPicker: the quick reactions row and emoji-mart's picker (300×400, no skin tones, no
 * preview, native emoji, following our theme). emoji-mart is used through its vanilla
 * Picker (DESIGN: its React wrapper does not accept React 19) and always given its data,
 * loaded lazily, so it never reaches a CDN. Escape or a click outside closes it.
 */
export function EmojiPicker({ onSelect, onClose }: { onSelect: (emoji: string) => void; onClose: () => void }) {
  const { resolved } = useTheme()
  const rootRef = useRef<HTMLDivElement>(null)
  const hostRef = useRef<HTMLDivElement>(null)
  const [loading, setLoading] = useState(true)
  const onSelectRef = useRef(onSelect)
  useEffect(() => {
    onSelectRef.current = onSelect
  })

  useEffect(() => {
    let cancelled = false
    const host = hostRef.current
    Promise.all([import('emoji-mart'), import('@emoji-mart/data')])
      .then(([{ Picker }, data]) => {
        if (cancelled || !host) return
        const picker = new Picker({
          data: (data as { default?: unknown }).default ?? data,
          onEmojiSelect: (emoji: EmojiSelection) => {
            if (emoji.native) onSelectRef.current(emoji.native)
          },
          set: 'native',
          theme: resolved,
          skinTonePosition: 'none',
          previewPosition: 'none',
          categories: CATEGORIES,
          perLine: PER_LINE,
          maxFrequentRows: RECENT_ROWS,
          autoFocus: true,
        }) as unknown as HTMLElement
        picker.style.width = '300px'
        picker.style.height = '400px'
        host.replaceChildren(picker)
        setLoading(false)
      })
      .catch((error: unknown) => {
        console.error('Emoji picker failed to load', error)
        if (!cancelled) setLoading(false)
      })
    return () => {
      cancelled = true
      host?.replaceChildren()
    }
  }, [resolved])

  useDismiss(rootRef, true, () => onClose())

  return (
    <div ref={rootRef} role="dialog" aria-label="Emoji picker" className="menu-pop relative w-[300px] rounded-box border border-base-300 bg-base-100 shadow-2xl">
      <div role="group" aria-label="Quick reactions" className="flex justify-between border-b border-base-300 px-2 py-1.5">
        {QUICK_REACTIONS.map((r) => (
          <button key={r.label} type="button" className="btn btn-ghost btn-sm btn-square text-xl" aria-label={r.label} title={r.label} onClick={() => onSelect(r.emoji)}>
            {r.emoji}
          </button>
        ))}
      </div>
      <div ref={hostRef} className="h-[400px] w-[300px]" data-testid="emoji-mart-host" />
      {loading && (
        <p role="status" className="absolute inset-x-0 top-1/2 text-center text-sm text-base-content/60">
          Loading emoji…
        </p>
      )}
    </div>
  )
}
