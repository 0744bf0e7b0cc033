// Federation with a server of another make (#23): a second fediverse server, built on the
// Fedify framework (peers/fedify-peer.mjs), runs beside the real binary on loopback. The
// two find each other by WebFinger, fetch each other's actors and keys, and verify each
// other's signatures with their own code: Fedify signs with HTTP Message Signatures
// (RFC 9421) first and keeps draft-cavage for a server that refuses them, ours sign
// draft-cavage. Each side follows the other, the member's review reaches the peer, and
// the peer's like and reply reach the member's card, which she sees in Chromium. When
// she deletes her account, the peer is told her actor is gone.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { federate, logReview } from './fediverse'
import { expect, test } from './fixtures'

test.use({
  serverOptions: {
    demo: false,
    fresh: true,
    env: { CINECIRCLE_FEDERATION: '1', CINECIRCLE_PUBLIC_URL: '{origin}', CINECIRCLE_OUTBOUND_ALLOW_LOOPBACK: '1' },
  },
})

type Received = { type?: string; actor?: string; object?: string | { type?: string; content?: string; id?: string } }

/** FedifyPeer runs the Fedify server as a process of its own and drives it through its control API. */
class FedifyPeer {
  private child: ChildProcess | undefined
  private output = ''
  origin = ''

  async start() {
    const script = fileURLToPath(new URL('./peers/fedify-peer.mjs', import.meta.url))
    // Fedify uses ArrayBuffer.prototype.transfer, which Node 20 has behind this flag
    this.child = spawn(process.execPath, ['--harmony-rab-gsab-transfer', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()))
    // Loading Fedify's module graph took over 20 s once beside the Go tests on 2 cores
    this.origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the Fedify peer did not start: ${this.output}`)), 45_000)
      this.child!.stdout?.on('data', (chunk: Buffer) => {
        this.output += chunk.toString()
        const origin = /listening (\S+)/.exec(this.output)?.[1]
        if (origin) {
          clearTimeout(timer)
          resolve(origin)
        }
      })
      this.child!.once('exit', (code) => reject(new Error(`the Fedify peer exited (${code}): ${this.output}`)))
    })
  }

  stop() {
    this.child?.kill()
  }

  get host() {
    return new URL(this.origin).host
  }

  async control(name: string, body: object) {
    const res = await fetch(`${this.origin}/control/${name}`, { method: 'POST', body: JSON.stringify(body) })
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as unknown
  }

  async received(): Promise<Received[]> {
    return (await fetch(`${this.origin}/control/received`)).json() as Promise<Received[]>
  }

  /** spec is the signature spec that origin accepted from the peer, once it accepted one. */
  async spec(origin: string): Promise<string | null> {
    return ((await (await fetch(`${this.origin}/control/spec?origin=${encodeURIComponent(origin)}`)).json()) as { spec: string | null }).spec
  }
}

test('a Fedify server and a member follow each other, trade a review, a like and a reply, and her deletion reaches it', async ({ newMember, server }) => {
  const peer = new FedifyPeer()
  await peer.start()
  try {
    const ana = await newMember({ firstName: 'Ana', lastName: 'Lima' })
    const { request: api } = ana.context
    await federate(api, 'ana_peer')
    const ours = new URL(server.baseURL)

    // alice, on the Fedify server, follows Ana: Fedify fetches her actor (by its URL: Fedify
    // looks acct: addresses up over https only, which loopback has not) and signs its Follow
    // with RFC 9421, which ours verifies; our Accept (draft-cavage) verifies on Fedify
    const actor = `${ours.origin}/ap/users/ana_peer`
    await peer.control('follow', { acct: actor })
    await expect.poll(async () => (await peer.received()).map((a) => a.type)).toContain('Accept')
    expect(await peer.spec(ours.origin)).toBe('rfc9421')
    const followers = (await (await api.get('/ap/users/ana_peer/followers', { headers: { Accept: 'application/activity+json' } })).json()) as { totalItems: number }
    expect(followers.totalItems).toBe(1)

    // Ana's review reaches alice as a Note Fedify verified and read
    const activityId = await logReview(api, 8.5, 'A second server read this.')
    await expect
      .poll(async () => (await peer.received()).some((a) => a.type === 'Create' && typeof a.object === 'object' && a.object.content?.includes('A second server read this.')))
      .toBe(true)

    // alice likes it and replies; Ana sees both on her card
    const note = `${actor}/posts/${activityId}`
    await peer.control('like', { object: note, to: actor })
    await peer.control('reply', { inReplyTo: note, to: actor, content: '<p>Loud and clear from Fedify.</p>' })
    const page = ana.page
    await page.goto('/')
    const card = page.locator(`#activity-${activityId}`)
    await expect(card.getByTestId('like-count')).toHaveText('1')
    await card.getByRole('button', { name: /^Comments, 1 comment/ }).click()
    const reply = card.getByRole('region', { name: 'Comments' }).getByRole('article', { name: 'Comment by Alice Fedify' })
    await expect(reply).toContainText('Loud and clear from Fedify.')
    await expect(reply.getByTestId('comment-via')).toHaveText(`via ${peer.host}`)

    // Ana follows alice back from Discover; Fedify accepts, and the button says so
    await page.goto('/friends?tab=discover')
    const find = page.getByRole('searchbox', { name: 'Fediverse address' })
    await find.fill(`@alice@${peer.host}`)
    await find.press('Enter')
    const found = page.getByRole('article', { name: `Alice Fedify (@alice@${peer.host})` })
    await expect(found).toContainText('Films on a Fedify server.')
    await found.getByRole('button', { name: 'Follow Alice Fedify' }).click()
    await expect.poll(async () => (await peer.received()).some((a) => a.type === 'Follow' && a.actor === actor)).toBe(true)
    await page.reload()
    await find.fill(`@alice@${peer.host}`)
    await find.press('Enter')
    await expect(found.getByRole('button', { name: 'Following Alice Fedify' })).toBeVisible()

    // Ana deletes her account: alice's server gets the Delete of her actor, which Fedify
    // verifies with the key it kept, though her actor and key are gone from ours
    await page.goto('/settings/delete')
    await expect(page.getByText('servers that know your account are told it is gone')).toBeVisible()
    await page.getByLabel('Password').fill(ana.password)
    await page.getByLabel('I understand my account and everything in it will be deleted.').check()
    await page.getByRole('button', { name: 'Delete My Account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    expect((await api.get('/ap/users/ana_peer', { headers: { Accept: 'application/activity+json' } })).status()).toBe(404)
    await expect.poll(async () => (await peer.received()).filter((a) => a.type === 'Delete').map((a) => [a.actor, a.object])).toEqual([[actor, actor]])
  } finally {
    peer.stop()
  }
})
