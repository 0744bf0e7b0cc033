// Your account end to end: a photo chosen in settings and cropped shows on the member's
// posts in a follower's feed; a bio with a link and a website show on the profile, links
// made safe; an email change with mail set up goes through the link sent to the new
// address; deleting an account leaves a friend's reply under a 'Deleted member'. Each
// test signs up its own members.
import { createHmac } from 'node:crypto'
import { startFakeSmtp } from './fake-smtp'
import { expect, test } from './fixtures'
import { signInViaUi, superuserToken, uniqueEmail } from './harness'

/** totp computes an authenticator app's code (RFC 6238: SHA-1, 6 digits, 30 s) from a base32 secret. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0xf
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** PHOTO is a 96×64 JPEG, red on the left and blue on the right. */
const PHOTO = Buffer.from('/9j/2wCEAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9PjsBCgsLDg0OHBAQHDsoIig7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O//AABEIAEAAYAMBIgACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMSiiivHP0gKKKKACiiigDEooor9gPysKKKKACiiigDbooor8fP1QKKKKACiiigDEooor9gPysKKKKACiiigDbooor8fP1QKKKKACiiigDEooor9gPysKKKKACiiigDbooor8fP1QKKKKACiiigDEooor9gPysKKKKACiiigD//Z', 'base64')

test.describe('profile settings', () => {
  test('a photo chosen and cropped in settings shows on the member\'s post in a follower\'s feed', async ({ newMember }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Photo' })
    const bruno = await newMember({ firstName: 'Bruno', lastName: 'Follower' })
    const search = (await (await alice.context.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
    const logged = await alice.context.request.post('/api/user/movies', { data: { movieId: search.results[0]?.id, status: 'watched', rating: 8 } })
    expect(logged.ok()).toBe(true)
    const activity = ((await logged.json()) as { activityId: string }).activityId
    expect((await bruno.context.request.post('/api/follow', { data: { userId: alice.id } })).ok()).toBe(true)

    const page = alice.page
    await page.goto('/settings')
    await expect(page).toHaveURL(/\/settings\/profile$/)
    await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    await page.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: PHOTO })
    const crop = page.getByRole('dialog', { name: 'Crop your photo' })
    await expect(crop).toBeVisible()
    await crop.getByTestId('photo-crop').focus()
    await page.keyboard.press('+') // the crop is keyboard operable
    await page.keyboard.press('ArrowLeft')
    await crop.getByRole('button', { name: 'Save Photo' }).click()
    await expect(page.getByText('Photo Updated').first()).toBeVisible()
    await expect(crop).toBeHidden()
    await expect(page.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /^\/api\/files\/.+\.jpg$/)
    await expect(page.getByRole('button', { name: 'Remove Photo' })).toBeVisible()

    await bruno.page.goto('/')
    const avatar = bruno.page.locator(`#activity-${activity} img[src*="/api/files/"]`).first()
    await expect(avatar).toHaveAttribute('src', /\?thumb=128x128$/)
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128)
  })

  test('a bio and website show on the profile, links made safe, and the SVG trick is refused', async ({ newMember }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Words' })
    const bruno = await newMember({ firstName: 'Bruno', lastName: 'Reader' })
    const page = alice.page
    await page.goto('/settings/profile')
    await page.getByLabel('Bio').fill('Horror nights. Lists at https://alice.example/lists. <b>not bold</b> javascript:alert(1)')
    await page.getByLabel('Website').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Save Bio' }).click()
    await expect(page.getByText('Enter a web address starting with https:// (or http://).')).toBeVisible()
    await page.getByLabel('Website').fill('https://alice.example/')
    await page.getByRole('button', { name: 'Save Bio' }).click()
    await expect(page.getByText('Your bio and website are on your profile.')).toBeVisible()

    await page.getByTestId('photo-input').setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
    await expect(page.getByText('Choose a JPEG, PNG, WebP or GIF image.')).toBeVisible()

    await bruno.page.goto(`/profile/${alice.id}`)
    const bio = bruno.page.getByTestId('profile-bio')
    await expect(bio).toContainText('<b>not bold</b> javascript:alert(1)')
    await expect(bio.getByRole('link')).toHaveCount(1)
    const link = bio.getByRole('link', { name: 'https://alice.example/lists' })
    await expect(link).toHaveAttribute('href', 'https://alice.example/lists')
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer')
    await expect(bruno.page.getByTestId('profile-website')).toHaveText('alice.example')
  })

  test('the settings nav reaches every section, on a phone too', async ({ newMember }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Mobile' }, { viewport: { width: 390, height: 844 } })
    const page = alice.page
    await page.goto('/settings/profile')
    const nav = page.getByRole('navigation', { name: 'Settings sections' })
    await nav.getByRole('link', { name: 'Password', exact: true }).click()
    await expect(page).toHaveURL(/\/settings\/password$/)
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()
    await nav.getByRole('link', { name: 'Blocked members' }).click()
    await expect(page.getByRole('heading', { name: 'Blocked Members' })).toBeVisible()

    // Account: without mail set up, the email changes at once with the password as proof.
    await nav.getByRole('link', { name: 'Account', exact: true }).click()
    await expect(page.getByTestId('account-email')).toHaveText(alice.email)
    const newEmail = `moved-${alice.email}`
    await page.getByLabel('New email').fill(newEmail)
    await page.getByLabel('Current password').fill(alice.password)
    await page.getByRole('button', { name: 'Change Email' }).click()
    await expect(page.getByTestId('account-email')).toHaveText(newEmail)
    const signIn = await page.request.post('/api/auth/login', { data: { email: newEmail, password: alice.password } })
    expect(signIn.ok()).toBe(true)
  })
})

test.describe('email change with mail set up', () => {
  test('the new address gets a link and the old one a notice; the link makes the change, and sign-in follows it', async ({ newMember, server, browser }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Moving' }) // before mail is on: sign-ups would wait for a link
    const smtp = await startFakeSmtp()
    const token = await superuserToken(server)
    const mailSettings = (enabled: boolean) =>
      fetch(`${server.baseURL}/api/settings`, {
        method: 'PATCH',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          meta: { appURL: server.baseURL, senderName: 'CineCircle', senderAddress: 'films@example.org' },
          smtp: { enabled, host: '127.0.0.1', port: smtp.port, tls: false },
        }),
      })
    const fresh = await browser.newContext({ baseURL: server.baseURL })
    try {
      expect((await mailSettings(true)).status).toBe(200)
      const page = alice.page
      await page.goto('/settings/account')
      const newEmail = uniqueEmail('moved')
      await page.getByLabel('New email').fill(newEmail)
      await page.getByLabel('Current password').fill(alice.password)
      await page.getByRole('button', { name: 'Change Email' }).click()
      await expect(page.getByText(`Check ${newEmail} for a link to confirm the change.`)).toBeVisible()
      await expect(page.getByTestId('account-email')).toHaveText(alice.email)

      const confirm = await smtp.waitForMail(newEmail)
      expect(confirm.subject).toContain('Confirm your new email')
      const link = /href="([^"]*\/confirm-email-change\?token=[^"]+)"/.exec(confirm.text)?.[1] ?? ''
      expect(link.startsWith(`${server.baseURL}/confirm-email-change?token=`)).toBe(true)
      const notice = await smtp.waitForMail(alice.email.toLowerCase())
      expect(notice.subject).toContain('email is being changed')
      expect(notice.text).not.toContain('confirm-email-change') // the link goes to the new address only
      expect(notice.text).not.toContain(newEmail)
      // Until the link is opened the old address is still the one.
      expect((await fresh.request.post('/api/auth/login', { data: { email: newEmail, password: alice.password } })).status()).toBe(400)

      await page.goto(link)
      await page.getByRole('button', { name: 'Use this email' }).click()
      await expect(page).toHaveURL(/\/settings\/account$/)
      await expect(page.getByTestId('account-email')).toHaveText(newEmail)

      const other = await fresh.newPage()
      await other.goto('/login')
      await signInViaUi(other, { email: alice.email, password: alice.password })
      await expect(other.getByText('Invalid email or password.')).toBeVisible()
      await expect(other).toHaveURL(/\/login/)
      await other.getByLabel('Email').fill(newEmail)
      await other.getByRole('button', { name: 'Sign In' }).click()
      await expect(other.getByTestId('header-user-name')).toBeVisible()
    } finally {
      await fresh.close()
      await mailSettings(false) // the file's later tests sign up without mail
      await smtp.close()
    }
  })
})

test.describe('two-factor sign-in', () => {
  test('enable with an app, sign out, sign in with a code, then with a recovery code', async ({ newMember }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Secure' })
    const page = alice.page
    await page.goto('/settings/security')
    await expect(page.getByTestId('twofactor-status')).toHaveText('Off')
    await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click()
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    const secret = (await page.getByTestId('twofactor-secret').textContent()) ?? ''
    await page.getByLabel('Code from the app').fill('000000')
    await page.getByRole('button', { name: 'Turn On' }).click()
    await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible()
    await page.getByLabel('Code from the app').fill(totp(secret))
    await page.getByRole('button', { name: 'Turn On' }).click()
    const list = page.getByTestId('recovery-codes')
    await expect(list.getByRole('listitem')).toHaveCount(10)
    const codes = await list.getByRole('listitem').allTextContents()
    await page.getByRole('button', { name: 'I Saved Them' }).click()
    await expect(page.getByTestId('twofactor-status')).toHaveText('On')
    await expect(page.getByTestId('recovery-left')).toHaveText('10 of 10 recovery codes left.')

    // Sign out; the password alone is not enough any more.
    await page.goto('/api/logout')
    await page.goto('/login')
    await signInViaUi(page, alice)
    const code = page.getByLabel('Two-factor code')
    await expect(code).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    await code.fill('123456')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible()
    await code.fill(totp(secret, Date.now() + 30_000)) // the enabling code's step is spent: the next one
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByTestId('header-user-name')).toBeVisible()

    await page.goto('/api/logout')
    await page.goto('/login')
    await signInViaUi(page, alice)
    await page.getByLabel('Two-factor code').fill(codes[0] ?? '')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByTestId('header-user-name')).toBeVisible()
    await page.goto('/settings/security')
    await expect(page.getByTestId('recovery-left')).toHaveText('9 of 10 recovery codes left.')
  })
})

test.describe('sessions', () => {
  test('a device signed out from another is signed out on its next request', async ({ newMember, browser, server }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Devices' })
    const second = await browser.newContext({ baseURL: server.baseURL })
    try {
      expect((await second.request.post('/api/auth/login', { data: { email: alice.email, password: alice.password } })).ok()).toBe(true)
      const other = await second.newPage()
      await other.goto('/friends')
      await expect(other.getByTestId('header-user-name')).toBeVisible()

      const page = alice.page
      await page.goto('/settings/security')
      const list = page.getByTestId('sessions')
      await expect(list.getByRole('listitem')).toHaveCount(2)
      await expect(list.getByText('This device')).toBeVisible()
      await list.getByRole('button', { name: /^Sign out / }).click()
      await expect(page.getByText('is signed out.', { exact: false })).toBeVisible()
      await expect(list.getByRole('listitem')).toHaveCount(1)

      expect((await second.request.get('/api/auth/user')).status()).toBe(401)
      await other.reload()
      await expect(other.getByTestId('header-user-name')).toHaveCount(0)
      expect((await alice.context.request.get('/api/auth/user')).status()).toBe(200)
    } finally {
      await second.close()
    }
  })
})

test.describe('leaving', () => {
  test('deleting an account takes the member\'s post out of a follower\'s feed, keeps a friend\'s reply under a \'Deleted member\', and the email signs up anew', async ({ newMember }) => {
    const alice = await newMember({ firstName: 'Alice', lastName: 'Leaving' })
    const bruno = await newMember({ firstName: 'Bruno', lastName: 'Staying' })
    const search = (await (await alice.context.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
    const logged = await alice.context.request.post('/api/user/movies', { data: { movieId: search.results[0]?.id, status: 'watched', rating: 8, review: 'Goodbye, Neo' } })
    expect(logged.ok()).toBe(true)
    const activity = ((await logged.json()) as { activityId: string }).activityId
    expect((await bruno.context.request.post('/api/follow', { data: { userId: alice.id } })).ok()).toBe(true)
    // Alice comments on Bruno's post and Bruno replies to her.
    const own = await bruno.context.request.post('/api/user/movies', { data: { movieId: search.results[1]?.id, status: 'watched', rating: 7 } })
    expect(own.ok()).toBe(true)
    const brunoPost = ((await own.json()) as { activityId: string }).activityId
    const said = await alice.context.request.post(`/api/activities/${brunoPost}/comments`, { data: { content: 'Alice was here' } })
    expect(said.ok()).toBe(true)
    const parentCommentId = ((await said.json()) as { id: string }).id
    expect((await bruno.context.request.post(`/api/activities/${brunoPost}/comments`, { data: { content: 'Bruno answers', parentCommentId } })).ok()).toBe(true)
    await bruno.page.goto('/')
    await expect(bruno.page.locator(`#activity-${activity}`)).toBeVisible()

    const page = alice.page
    await page.goto('/settings/delete')
    await expect(page.getByRole('link', { name: 'Download your data first' })).toHaveAttribute('href', '/api/export')
    const button = page.getByRole('button', { name: 'Delete My Account' })
    await page.getByLabel('Password').fill('not my password')
    await page.getByLabel('I understand my account and everything in it will be deleted.').check()
    await button.click()
    await expect(page.getByText('The password is not correct.').first()).toBeVisible()
    await page.getByLabel('Password').fill(alice.password)
    await button.click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()

    await bruno.page.reload()
    await expect(bruno.page.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    await expect(bruno.page.locator(`#activity-${activity}`)).toHaveCount(0)
    // Bruno's reply keeps its place, under a placeholder with nothing of Alice's left.
    const card = bruno.page.locator(`#activity-${brunoPost}`)
    await card.getByRole('button', { name: /^Comments, 2 comments/ }).click()
    const thread = card.getByRole('region', { name: 'Comments' })
    const placeholder = thread.getByRole('article', { name: 'Comment by Deleted member' })
    await expect(placeholder).toContainText('This comment was deleted with its author’s account.')
    await expect(placeholder.getByRole('button', { name: 'Like comment' })).toHaveCount(0)
    await expect(thread.getByRole('list', { name: 'Replies to Deleted member' }).getByRole('article', { name: 'Comment by Bruno Staying' })).toContainText('Bruno answers')
    await expect(thread).not.toContainText('Alice') // neither her words nor her name
    const again = await page.request.post('/api/auth/signup', { data: { email: alice.email, password: 'a brand new password', passwordConfirm: 'a brand new password', firstName: 'Alice' } })
    expect(again.ok()).toBe(true)
    expect(((await again.json()) as { id?: string }).id).not.toBe(alice.id)
  })
})
