// Federation end to end (#23): a fake Mastodon server on loopback (alice's actor and RSA
// key, served as Mastodon serves them) likes, boosts and replies to a federated member's
// review, each POST signed as Mastodon signs (draft-cavage, rsa-sha256 over
// (request-target) host date digest). The real binary verifies them against alice's key,
// fetched from the fake; the member then sees, in Chromium, the like and share counts on
// her card and alice's reply in the thread: alice's name linked to her profile on her
// server, a 'via host' marker, the text without its HTML (its script never runs). The
// same fake also signs with HTTP Message Signatures (RFC 9421) through the
// http-message-signatures library, an implementation apart from ours.
import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSigner, httpbis } from 'http-message-signatures'
import { federate, logReview } from './fediverse'
import { expect, test } from './fixtures'

const PUBLIC_URL = 'https://films.example'
const AS_PUBLIC = 'https://www.w3.org/ns/activitystreams#Public'

test.use({
  serverOptions: {
    demo: false,
    fresh: true,
    env: { CINECIRCLE_FEDERATION: '1', CINECIRCLE_PUBLIC_URL: PUBLIC_URL, CINECIRCLE_OUTBOUND_ALLOW_LOOPBACK: '1' },
  },
})

/** FakeMastodon serves alice's actor (with her public key) and signs what she sends. */
class FakeMastodon {
  private readonly key: KeyObject
  private readonly publicPem: string
  private server: Server | undefined
  origin = ''
  /** What our server delivered to alice's inboxes. */
  delivered: { id?: string; type?: string; actor?: string; object?: string | { id?: string } }[] = []

  constructor() {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
    this.key = pair.privateKey
    this.publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()
  }

  get actor() {
    return `${this.origin}/users/alice`
  }

  async start() {
    this.server = createServer((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/.well-known/webfinger?')) {
        // Mastodon's WebFinger: the self link to the actor, 404 for anyone else
        const resource = new URL(req.url, this.origin).searchParams.get('resource')
        if (resource !== `acct:alice@${new URL(this.origin).host}`) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Record not found"}')
          return
        }
        res.writeHead(200, { 'content-type': 'application/jrd+json; charset=utf-8' })
        res.end(
          JSON.stringify({
            subject: resource,
            aliases: [`${this.origin}/@alice`, this.actor],
            links: [
              { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: `${this.origin}/@alice` },
              { rel: 'self', type: 'application/activity+json', href: this.actor },
            ],
          }),
        )
        return
      }
      if (req.method === 'GET' && req.url === '/users/alice') {
        res.writeHead(200, { 'content-type': 'application/activity+json' })
        res.end(
          JSON.stringify({
            '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
            id: this.actor,
            type: 'Person',
            preferredUsername: 'alice',
            name: 'Alice',
            summary: '<p>Films, mostly.</p><script>window.pwned = true</script>',
            url: `${this.origin}/@alice`,
            inbox: `${this.actor}/inbox`,
            outbox: `${this.actor}/outbox`,
            endpoints: { sharedInbox: `${this.origin}/inbox` },
            publicKey: { id: `${this.actor}#main-key`, owner: this.actor, publicKeyPem: this.publicPem },
          }),
        )
        return
      }
      // deliveries to alice's inboxes: kept, as Mastodon keeps what it accepted
      let text = ''
      req.on('data', (chunk: Buffer) => (text += chunk.toString()))
      req.on('end', () => {
        if (req.method === 'POST') this.delivered.push(JSON.parse(text || '{}') as FakeMastodon['delivered'][number])
        res.writeHead(202).end()
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve))
  }

  /** send POSTs activity to inbox signed with alice's key, as Mastodon signs. */
  send(inbox: string, activity: object): Promise<{ status: number; body: string }> {
    const url = new URL(inbox)
    const body = this.body(activity)
    const date = new Date().toUTCString()
    const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`
    const signed = `(request-target): post ${url.pathname}\nhost: ${url.host}\ndate: ${date}\ndigest: ${digest}`
    const signature = createSign('RSA-SHA256').update(signed).sign(this.key, 'base64')
    return post(url, body, {
      host: url.host,
      date,
      digest,
      'content-type': 'application/activity+json',
      signature: `keyId="${this.actor}#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${signature}"`,
    })
  }

  /**
   * sendRFC9421 POSTs activity to inbox signed with HTTP Message Signatures (RFC 9421) by
   * the http-message-signatures library, covering what Mastodon covers: the method, the
   * target URI and the body's Content-Digest (RFC 9530), with keyid, alg, created and expires.
   * key signs in alice's name (another key forges her signature).
   */
  async sendRFC9421(inbox: string, activity: object, key: KeyObject = this.key): Promise<{ status: number; body: string }> {
    const url = new URL(inbox)
    const body = this.body(activity)
    const signed = await httpbis.signMessage(
      { key: createSigner(key, 'rsa-v1_5-sha256', `${this.actor}#main-key`), fields: ['@method', '@target-uri', 'content-type', 'content-digest'] },
      {
        method: 'POST',
        url: inbox,
        headers: {
          'content-type': 'application/activity+json',
          'content-digest': `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
        },
      },
    )
    return post(url, body, signed.headers)
  }

  private body(activity: object) {
    return JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity })
  }
}

/** post sends body to url with headers and resolves to the answer's status and text. */
function post(url: URL, body: string, headers: Record<string, string | string[]>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

test.describe('federation', () => {
  test('a follow from Mastodon waits until the member accepts it in Settings', async ({ newMember, server }) => {
    const fake = new FakeMastodon()
    await fake.start()
    try {
      const ana = await newMember({ firstName: 'Ana', lastName: 'Lima' })
      const { request: api } = ana.context
      await federate(api, 'ana_waits')
      const page = ana.page
      await page.goto('/settings/fediverse')
      const approve = page.getByRole('switch', { name: 'Approve new followers' })
      await approve.click() // saved first, then shown checked (the switch shows what the server keeps)
      await expect(page.getByText('New followers from other servers now wait for your answer.')).toBeVisible()
      await expect(approve).toBeChecked()
      await expect(page.getByText('No one is waiting for an answer.')).toBeVisible()

      const follow = `${fake.origin}/follows/1`
      const sent = await fake.send(`${server.baseURL}/ap/inbox`, { id: follow, type: 'Follow', actor: fake.actor, object: `${PUBLIC_URL}/ap/users/ana_waits` })
      expect(sent.status, sent.body).toBe(202)
      const followers = async () =>
        ((await (await api.get('/ap/users/ana_waits/followers', { headers: { Accept: 'application/activity+json' } })).json()) as { totalItems: number }).totalItems
      expect(await followers()).toBe(0)

      await page.reload()
      const host = new URL(fake.origin).host
      const requests = page.getByRole('region', { name: 'Follow requests' })
      await expect(requests.getByRole('link', { name: 'Alice' })).toHaveAttribute('href', `${fake.origin}/@alice`)
      await expect(requests).toContainText(`@alice@${host}`)
      expect(fake.delivered).toEqual([]) // nothing until Ana answers
      await requests.getByRole('button', { name: `Accept @alice@${host}` }).click()
      await expect(requests.getByText('No one is waiting for an answer.')).toBeVisible()
      await expect.poll(() => fake.delivered.filter((d) => d.type === 'Accept').map((d) => (typeof d.object === 'object' ? d.object.id : d.object))).toEqual([follow])
      expect(await followers()).toBe(1)
    } finally {
      await fake.stop()
    }
  })

  test('a like, a boost and a reply from Mastodon reach the member’s card and thread', async ({ newMember, server }) => {
    const fake = new FakeMastodon()
    await fake.start()
    try {
      const ana = await newMember({ firstName: 'Ana', lastName: 'Lima' })
      const { request: api } = ana.context
      await federate(api, 'ana_fedi')
      const activityId = await logReview(api, 8, 'Still holds up.')
      const note = `${PUBLIC_URL}/ap/users/ana_fedi/posts/${activityId}`
      const inbox = `${server.baseURL}/ap/inbox`
      const status = `${fake.actor}/statuses/1`

      const sent = [
        await fake.send(inbox, { id: `${fake.actor}#likes/1`, type: 'Like', actor: fake.actor, object: note }),
        await fake.send(inbox, { id: `${fake.actor}/statuses/2/activity`, type: 'Announce', actor: fake.actor, to: [AS_PUBLIC], object: note }),
        await fake.send(inbox, {
          id: `${status}/activity`,
          type: 'Create',
          actor: fake.actor,
          to: [AS_PUBLIC],
          object: {
            id: status,
            type: 'Note',
            attributedTo: fake.actor,
            inReplyTo: note,
            to: [AS_PUBLIC],
            cc: [`${fake.actor}/followers`],
            url: `${fake.origin}/@alice/1`,
            content: '<p>Loved the lobby scene.<script>window.pwned = true</script><img src="x" onerror="window.pwned = true"></p>',
          },
        }),
      ]
      for (const answer of sent) expect(answer.status, answer.body).toBe(202)

      const page = ana.page
      await page.goto('/')
      const card = page.locator(`#activity-${activityId}`)
      await expect(card.getByTestId('like-count')).toHaveText('1')
      await expect(card.getByLabel('Shared 1 time on the fediverse')).toBeVisible()
      await card.getByRole('button', { name: /^Comments, 1 comment/ }).click()
      const thread = card.getByRole('region', { name: 'Comments' })
      const reply = thread.getByRole('article', { name: 'Comment by Alice' })
      await expect(reply).toContainText('Loved the lobby scene.')
      const host = new URL(fake.origin).host
      await expect(reply.getByTestId('comment-via')).toHaveText(`via ${host}`)
      const profile = reply.getByRole('link', { name: 'Alice' })
      await expect(profile).toHaveAttribute('href', `${fake.origin}/@alice`)
      await expect(profile).toHaveAttribute('target', '_blank')
      await expect(reply.locator('img[src="x"], script')).toHaveCount(0)
      expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined()

      const notices = (await (await api.get('/api/notifications')).json()) as { message: string }[]
      const messages = notices.map((n) => n.message)
      expect(messages).toContain(`Alice (@alice@${host}) commented on your review`)
      expect(messages).toContain(`Alice (@alice@${host}) liked your review`)
    } finally {
      await fake.stop()
    }
  })

  test('a member finds @alice on Mastodon, follows her and unfollows', async ({ newMember, server }) => {
    const fake = new FakeMastodon()
    await fake.start()
    try {
      const ana = await newMember({ firstName: 'Ana', lastName: 'Lima' })
      const { request: api } = ana.context
      await federate(api, 'ana_out')
      const host = new URL(fake.origin).host
      const page = ana.page
      await page.goto('/friends?tab=discover')
      const search = page.getByRole('searchbox', { name: 'Fediverse address' })
      await search.fill(`@nobody@${host}`)
      await search.press('Enter')
      await expect(page.getByRole('alert')).toHaveText(`Couldn't find @nobody@${host}`)

      await search.fill(`@alice@${host}`)
      await search.press('Enter')
      const card = page.getByRole('article', { name: `Alice (@alice@${host})` })
      await expect(card).toContainText(`via ${host}`)
      await expect(card).toContainText('Films, mostly.')
      await expect(card.getByRole('link', { name: 'Alice' })).toHaveAttribute('href', `${fake.origin}/@alice`)
      expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined()

      await card.getByRole('button', { name: 'Follow Alice' }).click()
      await expect(card.getByRole('button', { name: 'Requested Alice' })).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => fake.delivered.filter((d) => d.type === 'Follow').length).toBe(1)
      const follow = fake.delivered.find((d) => d.type === 'Follow')!
      expect(follow.actor).toBe(`${PUBLIC_URL}/ap/users/ana_out`)
      expect(follow.object).toBe(fake.actor)

      const accepted = await fake.send(`${server.baseURL}/ap/inbox`, {
        id: `${fake.actor}#accepts/follows/1`,
        type: 'Accept',
        actor: fake.actor,
        object: { id: follow.id, type: 'Follow', actor: follow.actor, object: fake.actor },
      })
      expect(accepted.status, accepted.body).toBe(202)

      // alice's review, as NeoDB sends a mark (relatedWith Comment and Rating, the title in
      // tag), reaches Ana's home feed as a review card; Ana's like goes back to alice
      const item = `${fake.origin}/movie/7hfF7d0aFMaqHpFjUpq4zR`
      const noteId = `${fake.actor}/posts/380919151408919488`
      const related = (type: string, extra: object) => ({ id: `${fake.origin}/p/${type}`, type, withRegardTo: item, attributedTo: fake.actor, ...extra })
      const created = await fake.send(`${server.baseURL}/ap/inbox`, {
        id: `${noteId}/activity`,
        type: 'Create',
        actor: fake.actor,
        to: [AS_PUBLIC],
        object: {
          id: noteId,
          type: 'Note',
          attributedTo: fake.actor,
          to: [AS_PUBLIC],
          url: `${fake.origin}/@alice/posts/380919151408919488`,
          content: '<p>Watched The Matrix</p>',
          relatedWith: [
            related('Status', { status: 'complete' }),
            related('Comment', { content: 'Still the best lobby scene.<script>window.pwned = true</script>' }),
            related('Rating', { value: 9, best: 10, worst: 1 }),
          ],
          tag: [{ type: 'Movie', href: item, name: 'The Matrix' }],
        },
      })
      expect(created.status, created.body).toBe(202)
      await page.goto('/')
      const review = page.getByTestId('activity-card').filter({ hasText: 'Still the best lobby scene.' })
      await expect(review.getByRole('link', { name: 'Alice' })).toHaveAttribute('href', `${fake.origin}/@alice`)
      await expect(review.getByTestId('post-via')).toHaveText(`via ${host}`)
      await expect(review).toContainText('The Matrix')
      await expect(review).toContainText('9.0/10')
      expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined()
      await review.getByRole('button', { name: /^Like, 0 likes/ }).click()
      await expect.poll(() => fake.delivered.filter((d) => d.type === 'Like').map((d) => d.object)).toEqual([noteId])

      await page.goto('/friends?tab=discover')
      await search.fill(`@alice@${host}`)
      await search.press('Enter')
      const following = card.getByRole('button', { name: 'Following Alice' })
      await expect(following).toBeVisible()
      await following.focus()
      await page.keyboard.press('Enter')
      await expect(card.getByRole('button', { name: 'Follow Alice' })).toHaveAttribute('aria-pressed', 'false')
      await expect.poll(() => fake.delivered.filter((d) => d.type === 'Undo').length).toBe(1)
    } finally {
      await fake.stop()
    }
  })

  test('a server that signs with HTTP Message Signatures (RFC 9421) is understood, a forged one refused', async ({ newMember, server }) => {
    const fake = new FakeMastodon()
    await fake.start()
    try {
      const ana = await newMember({ firstName: 'Ana', lastName: 'Lima' })
      const { request: api } = ana.context
      await federate(api, 'ana_9421')
      const activityId = await logReview(api, 9, 'Signed, sealed.')
      const note = `${PUBLIC_URL}/ap/users/ana_9421/posts/${activityId}`
      const inbox = `${server.baseURL}/ap/users/ana_9421/inbox`

      const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      const forged = await fake.sendRFC9421(inbox, { id: `${fake.actor}#likes/forged`, type: 'Like', actor: fake.actor, object: note }, forger)
      expect(forged.status).toBe(401)
      expect(forged.body).toContain('does not verify')

      const liked = await fake.sendRFC9421(inbox, { id: `${fake.actor}#likes/9421`, type: 'Like', actor: fake.actor, object: note })
      expect(liked.status, liked.body).toBe(202)
      const status = `${fake.actor}/statuses/9421`
      const replied = await fake.sendRFC9421(inbox, {
        id: `${status}/activity`,
        type: 'Create',
        actor: fake.actor,
        to: [AS_PUBLIC],
        object: { id: status, type: 'Note', attributedTo: fake.actor, inReplyTo: note, to: [AS_PUBLIC], url: `${fake.origin}/@alice/9421`, content: '<p>Verified twice over.</p>' },
      })
      expect(replied.status, replied.body).toBe(202)

      const page = ana.page
      await page.goto('/')
      const card = page.locator(`#activity-${activityId}`)
      await expect(card.getByTestId('like-count')).toHaveText('1') // the forged like did not count
      await card.getByRole('button', { name: /^Comments, 1 comment/ }).click()
      const reply = card.getByRole('region', { name: 'Comments' }).getByRole('article', { name: 'Comment by Alice' })
      await expect(reply).toContainText('Verified twice over.')
      await expect(reply.getByTestId('comment-via')).toHaveText(`via ${new URL(fake.origin).host}`)
    } finally {
      await fake.stop()
    }
  })
})
