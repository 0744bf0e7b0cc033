import { useRef, useState, type DragEvent } from 'react'
import { fieldError, serverMessage } from '../../lib/apiErrors'
import { photoProblem, PHOTO_TYPES } from '../../lib/account'
import { toast } from '../../lib/toast'
import type { OwnUser } from '../../lib/users'
import { useRemovePhoto, useUploadPhoto } from '../../queries/settings'
import { Avatar } from '../ui/Avatar'
import { PhotoCrop } from './PhotoCrop'

/**
 * PhotoCard: the member's photo with ways to change it: choose a file, drop one on the
 * card, or (on a phone) take one with the camera; each goes through the square crop.
 * Remove Photo returns to the generated avatar.
 */
export function PhotoCard({ user }: { user: OwnUser }) {
  const [file, setFile] = useState<File | null>(null)
  const [over, setOver] = useState(false)
  const picker = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const upload = useUploadPhoto()
  const remove = useRemovePhoto()
  const hasPhoto = user.profileImageUrl.startsWith('/api/files/')

  const pick = (picked: File | undefined) => {
    if (!picked) return
    const problem = photoProblem(picked)
    if (problem) {
      toast({ title: 'Photo Not Added', description: problem, variant: 'destructive' })
      return
    }
    setFile(picked)
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    pick(e.dataTransfer.files[0])
  }
  const save = (photo: Blob) =>
    upload.mutate(photo, {
      onSuccess: () => {
        setFile(null)
        toast({ title: 'Photo Updated', description: 'Your new photo is on your profile and posts.' })
      },
      onError: (error) =>
        toast({ title: 'Photo Not Saved', description: fieldError(error, 'avatar') ?? serverMessage(error, 'Could not save the photo. Please try again.'), variant: 'destructive' }),
    })

  return (
    <section
      aria-labelledby="photo-heading"
      className={`card border bg-base-100 shadow-sm transition-colors ${over ? 'border-primary bg-primary/5' : 'border-base-300'}`}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="photo-card"
    >
      <div className="card-body flex-row flex-wrap items-center gap-5">
        <Avatar user={user} size="xl" alt="Your photo" />
        <div className="grid min-w-0 flex-1 gap-2">
          <h2 id="photo-heading" className="font-semibold">
            Photo
          </h2>
          <p className="text-sm text-base-content/70">Drop a photo here, or choose one. JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => picker.current?.click()}>
              Choose Photo
            </button>
            <button type="button" className="btn btn-sm sm:hidden" onClick={() => camera.current?.click()}>
              Take Photo
            </button>
            {hasPhoto && (
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast({ title: 'Photo Removed', description: 'Your generated avatar is back.' }),
                    onError: () => toast({ title: 'Error', description: 'Could not remove the photo. Please try again.', variant: 'destructive' }),
                  })
                }
              >
                Remove Photo
              </button>
            )}
          </div>
          <input
            ref={picker}
            type="file"
            className="hidden"
            accept={PHOTO_TYPES.join(',')}
            aria-label="Choose a photo"
            data-testid="photo-input"
            onChange={(e) => {
              pick(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          <input
            ref={camera}
            type="file"
            className="hidden"
            accept="image/*"
            capture="user"
            aria-label="Take a photo"
            onChange={(e) => {
              pick(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </div>
      </div>
      {file && <PhotoCrop file={file} saving={upload.isPending} onCancel={() => setFile(null)} onSave={save} />}
    </section>
  )
}
