// A loopback SMTP server for e2e tests: it speaks enough of RFC 5321 (EHLO, MAIL, RCPT,
// DATA, RSET, NOOP, QUIT; no STARTTLS, no AUTH) for PocketBase's SMTP client, and keeps
// every message it receives with its HTML decoded from quoted-printable.
import { createServer, type Socket } from 'node:net'

export interface ReceivedMail {
  to: string[]
  subject: string
  /** The message body with quoted-printable undone (headers included). */
  text: string
}

export interface FakeSmtp {
  port: number
  mails: ReceivedMail[]
  /** waitForMail resolves with the first message to `to` after `since` messages. */
  waitForMail(to: string, since?: number, timeout?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/** decodeQuotedPrintable undoes soft line breaks and =XX escapes (as UTF-8). */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function session(socket: Socket, onMail: (mail: ReceivedMail) => void) {
  let buffer = ''
  let to: string[] = []
  let data: string[] | null = null
  const reply = (line: string) => socket.write(line + '\r\n')
  reply('220 localhost fake ESMTP')
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8')
    let end: number
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      if (data) {
        if (line === '.') {
          const body = data.join('\r\n')
          const subject = /^Subject: (.*)$/im.exec(body)?.[1] ?? ''
          onMail({ to, subject, text: decodeQuotedPrintable(body) })
          data = null
          to = []
          reply('250 OK queued')
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line)
        }
        continue
      }
      const verb = line.slice(0, 4).toUpperCase()
      if (verb === 'EHLO') reply('250-localhost\r\n250 8BITMIME')
      else if (verb === 'HELO' || verb === 'MAIL' || verb === 'NOOP') reply('250 OK')
      else if (verb === 'RSET') {
        to = []
        reply('250 OK')
      } else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
        reply('250 OK')
      } else if (verb === 'DATA') {
        data = []
        reply('354 End data with <CR><LF>.<CR><LF>')
      } else if (verb === 'QUIT') {
        reply('221 Bye')
        socket.end()
      } else reply('502 Command not implemented')
    }
  })
  socket.on('error', () => socket.destroy())
}

/** startFakeSmtp listens on a free loopback port. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = createServer((socket) =>
    session(socket, (mail) => {
      mails.push(mail)
      waiters.forEach((w) => w())
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  const waitForMail = (to: string, since = 0, timeout = 10_000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const found = mails.slice(since).find((m) => m.to.includes(to))
        if (!found) return
        waiters.delete(check)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no mail to ${to} within ${timeout} ms (got ${mails.length})`))
      }, timeout)
      waiters.add(check)
      check()
    })

  return {
    port,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
