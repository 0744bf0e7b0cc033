// A second fediverse server for the federation e2e test (#23), built on Fedify, the
// ActivityPub server framework (as Hollo and Ghost's ActivityPub are): its WebFinger,
// actor documents, JSON-LD, signing and signature verification are Fedify's own, not
// ours. Fedify signs what it sends with HTTP Message Signatures (RFC 9421) first and
// falls back to draft-cavage when a server refuses them ("double-knocking"), and keeps
// which one each server took.
//
// It serves one actor, alice, on a loopback port, and prints `listening <origin>` once it
// is up. Besides ActivityPub it answers a small control API for the test:
//   GET  /control/received            the activities alice's inboxes accepted (verified)
//   GET  /control/spec?origin=…       the signature spec a server accepted from us
//   POST /control/follow   {acct}     alice follows a fediverse address
//   POST /control/like     {object, to}            alice likes a post by actor `to`
//   POST /control/reply    {inReplyTo, to, content} alice replies to it
//
// Node 20 runs it with --harmony-rab-gsab-transfer (Fedify uses ArrayBuffer.transfer).
import { createServer } from 'node:http'
import {
  Accept,
  Activity,
  Create,
  Endpoints,
  Follow,
  Like,
  MemoryKvStore,
  Note,
  Person,
  PUBLIC_COLLECTION,
  createFederation,
  generateCryptoKeyPair,
} from '@fedify/fedify'

const kv = new MemoryKvStore()
const federation = createFederation({ kv, allowPrivateAddress: true })
const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')
/** @type {object[]} */
const received = []
let sequence = 0

federation
  .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
    if (identifier !== 'alice') return null
    const [pair] = await ctx.getActorKeyPairs(identifier)
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: 'Alice Fedify',
      summary: 'Films on a Fedify server.',
      url: new URL(`/@${identifier}`, ctx.origin),
      inbox: ctx.getInboxUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: pair.cryptographicKey,
      assertionMethods: [pair.multikey],
    })
  })
  .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === 'alice' ? [keys] : []))

/** keep records an activity the inbox accepted, in its compact JSON-LD. */
async function keep(ctx, activity) {
  received.push(await activity.toJsonLd({ contextLoader: ctx.contextLoader }))
}

federation
  .setInboxListeners('/users/{identifier}/inbox', '/inbox')
  .on(Follow, async (ctx, follow) => {
    await keep(ctx, follow)
    const follower = await follow.getActor(ctx)
    if (follower == null) return
    const me = ctx.getActorUri('alice')
    await ctx.sendActivity({ identifier: 'alice' }, follower, new Accept({ id: new URL(`#accepts/${++sequence}`, me), actor: me, object: follow }))
  })
  .on(Activity, keep)

/** alice's context for sending, on this server's origin. */
let origin = ''
const context = () => federation.createContext(new URL(origin), undefined)

/** lookup finds a fediverse actor by address or URL. */
async function lookup(ctx, what) {
  const actor = await ctx.lookupObject(what)
  if (actor == null || actor.inboxId == null) throw new Error(`no actor at ${what}`)
  return actor
}

const control = {
  async follow({ acct }) {
    const ctx = context()
    const actor = await lookup(ctx, acct)
    const me = ctx.getActorUri('alice')
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Follow({ id: new URL(`#follows/${++sequence}`, me), actor: me, object: actor.id }))
    return { actor: actor.id?.href }
  },
  async like({ object, to }) {
    const ctx = context()
    const actor = await lookup(ctx, to)
    const me = ctx.getActorUri('alice')
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Like({ id: new URL(`#likes/${++sequence}`, me), actor: me, object: new URL(object) }))
    return {}
  },
  async reply({ inReplyTo, to, content }) {
    const ctx = context()
    const actor = await lookup(ctx, to)
    const me = ctx.getActorUri('alice')
    const id = new URL(`/notes/${++sequence}`, origin)
    const note = new Note({ id, attribution: me, content, replyTarget: new URL(inReplyTo), to: PUBLIC_COLLECTION, url: id })
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Create({ id: new URL(`${id.href}/activity`), actor: me, object: note, to: PUBLIC_COLLECTION }))
    return { id: id.href }
  },
}

/** answer writes a Fetch API Response to a Node response. */
async function answer(res, response) {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}

const server = createServer(async (req, res) => {
  try {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/control/received') return answer(res, Response.json(received))
    if (url.pathname === '/control/spec') {
      return answer(res, Response.json({ spec: (await kv.get(['_fedify', 'httpMessageSignaturesSpec', url.searchParams.get('origin') ?? ''])) ?? null }))
    }
    const name = url.pathname.match(/^\/control\/(\w+)$/)?.[1]
    if (name && req.method === 'POST' && name in control) return answer(res, Response.json(await control[name](JSON.parse(body.toString() || '{}'))))
    const request = new Request(url, { method: req.method, headers: req.headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body })
    return answer(res, await federation.fetch(request, { contextData: undefined }))
  } catch (error) {
    return answer(res, Response.json({ error: String(error?.stack ?? error) }, { status: 500 }))
  }
})
server.listen(0, '127.0.0.1', () => {
  origin = `http://127.0.0.1:${server.address().port}`
  console.log(`listening ${origin}`)
})
