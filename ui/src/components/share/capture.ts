import { CAPTURE_SCALE, CAPTURE_TIMEOUT_MS, IMAGE_SETTLE_MS, IMAGE_WAIT_MS, RESOURCE_TIMEOUT_MS, withTimeout } from '../../lib/share'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** waitForImages resolves once every image in node has loaded or failed, or after ms. */
async function waitForImages(node: HTMLElement, ms: number): Promise<boolean> {
  const pending = Array.from(node.querySelectorAll('img')).filter((img) => !img.complete)
  if (pending.length === 0) return false
  const loaded = Promise.all(
    pending.map((img) => new Promise<void>((resolve) => {
      img.addEventListener('load', () => resolve(), { once: true })
      img.addEventListener('error', () => resolve(), { once: true })
    })),
  )
  await Promise.race([loaded, sleep(ms)])
  return true
}

/**
 * captureCard turns the share card into a PNG data URL with modern-screenshot at scale 2
 * (SPEC §9). Images get up to 5 s to load, then a 2 s pause to paint when any were still
 * loading; each resource fetch may take 10 s, and the whole conversion 15 s.
 */
export async function captureCard(node: HTMLElement): Promise<string> {
  if (await waitForImages(node, IMAGE_WAIT_MS)) await sleep(IMAGE_SETTLE_MS)
  const { domToPng } = await import('modern-screenshot')
  return withTimeout(
    domToPng(node, {
      scale: CAPTURE_SCALE,
      timeout: RESOURCE_TIMEOUT_MS,
      backgroundColor: null,
      font: false,
    }),
    CAPTURE_TIMEOUT_MS,
  )
}
