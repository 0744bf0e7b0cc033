import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { clampCrop, CROP_OUTPUT, cropRect, initialCrop, MAX_ZOOM, moveCrop, type Crop } from '../../lib/account'
import { Modal } from '../ui/Modal'

const VIEW = 288 // CSS pixels of the square preview
const STEP = 12 // screen pixels an arrow key moves the picture (Shift: five times)

/** loadImage decodes a picked file in the browser (the server decodes it again on upload). */
function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('unreadable'))
    }
    img.src = url
  })
}

/** drawCrop paints the crop of img on canvas, white behind transparent pixels (JPEG has none). */
function drawCrop(canvas: HTMLCanvasElement, img: HTMLImageElement, crop: Crop, size: number) {
  canvas.width = size
  canvas.height = size
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const { x, y, side } = cropRect(img.naturalWidth, img.naturalHeight, crop)
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, size, size)
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(img, x, y, side, side, 0, 0, size, size)
}

/**
 * PhotoCrop: the square crop step before a photo is uploaded. Drag the picture (mouse or
 * finger) or use the arrow keys to move it, the slider, the mouse wheel or + and − to
 * zoom. Save sends a CROP_OUTPUT px JPEG of the square; the server re-encodes it anyway.
 */
export function PhotoCrop({
  file,
  onCancel,
  onSave,
  saving,
}: {
  file: File
  onCancel: () => void
  onSave: (photo: Blob) => void
  saving: boolean
}) {
  const [img, setImg] = useState<HTMLImageElement | null>(null)
  const [failed, setFailed] = useState(false)
  const [crop, setCrop] = useState<Crop>({ cx: 0, cy: 0, zoom: 1 })
  const canvas = useRef<HTMLCanvasElement>(null)
  const drag = useRef<{ x: number; y: number } | null>(null)

  useEffect(() => {
    let gone = false
    loadImage(file).then(
      (loaded) => {
        if (gone) return URL.revokeObjectURL(loaded.src)
        setImg(loaded)
        setCrop(initialCrop(loaded.naturalWidth, loaded.naturalHeight))
      },
      () => !gone && setFailed(true),
    )
    return () => {
      gone = true
    }
  }, [file])
  useEffect(
    () => () => {
      if (img) URL.revokeObjectURL(img.src)
    },
    [img],
  )
  useEffect(() => {
    if (img && canvas.current) drawCrop(canvas.current, img, crop, Math.round(VIEW * (window.devicePixelRatio || 1)))
  }, [img, crop])

  const update = (next: Crop) => img && setCrop(clampCrop(img.naturalWidth, img.naturalHeight, next))
  const move = (dx: number, dy: number) => img && setCrop(moveCrop(img.naturalWidth, img.naturalHeight, crop, dx, dy, VIEW))
  const zoomBy = (factor: number) => update({ ...crop, zoom: crop.zoom * factor })

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? STEP * 5 : STEP
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }
    const by = moves[e.key]
    if (by) move(by[0], by[1])
    else if (e.key === '+' || e.key === '=') zoomBy(1.1)
    else if (e.key === '-') zoomBy(1 / 1.1)
    else return
    e.preventDefault()
  }
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { x: e.clientX, y: e.clientY }
  }
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return
    move(e.clientX - drag.current.x, e.clientY - drag.current.y)
    drag.current = { x: e.clientX, y: e.clientY }
  }

  const save = () => {
    if (!img) return
    const out = document.createElement('canvas')
    drawCrop(out, img, crop, CROP_OUTPUT)
    out.toBlob((blob) => blob && onSave(blob), 'image/jpeg', 0.9)
  }

  return (
    <Modal title="Crop your photo" description="Your photo is shown in a circle. Move and zoom it until it looks right." onClose={onCancel}>
      {failed ? (
        <p role="alert" className="alert alert-error alert-soft">
          This file is not a photo we can read. Choose a JPEG, PNG, WebP or GIF image.
        </p>
      ) : (
        <div className="grid justify-items-center gap-4">
          <div className="relative overflow-hidden rounded-box bg-base-300" style={{ width: VIEW, height: VIEW }}>
            <canvas
              ref={canvas}
              tabIndex={0}
              role="img"
              aria-label="Photo crop. Use the arrow keys to move the photo, plus and minus to zoom."
              data-testid="photo-crop"
              className="size-full cursor-grab touch-none focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing"
              onKeyDown={onKeyDown}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
              onPointerCancel={() => (drag.current = null)}
              onWheel={(e) => zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1)}
            />
            <div aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgb(0_0_0/0.45)]" />
          </div>
          <label className="flex w-full max-w-72 items-center gap-3 text-sm">
            <span>Zoom</span>
            <input
              type="range"
              className="range range-sm range-primary flex-1"
              min={1}
              max={MAX_ZOOM}
              step={0.01}
              value={crop.zoom}
              onChange={(e) => update({ ...crop, zoom: Number(e.target.value) })}
            />
          </label>
        </div>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={!img || saving} onClick={save}>
          {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save Photo
        </button>
      </div>
    </Modal>
  )
}
