import { describe, expect, it } from 'vitest'
import { HttpError } from './api'
import { fieldError, parseApiError, serverMessage } from './apiErrors'

describe('parseApiError', () => {
  const body = JSON.stringify({
    status: 400,
    message: 'Please check the highlighted fields.',
    data: { email: { code: 'validation_required', message: 'Enter your email address.' } },
  })

  it('reads the PocketBase error shape', () => {
    expect(parseApiError(new HttpError(400, body))).toEqual({
      status: 400,
      message: 'Please check the highlighted fields.',
      fields: { email: 'Enter your email address.' },
    })
    expect(fieldError(new HttpError(400, body), 'email')).toBe('Enter your email address.')
    expect(fieldError(new HttpError(400, body), 'password')).toBeUndefined()
    expect(fieldError(null, 'email')).toBeUndefined()
  })

  it('keeps a plain-text body as the message', () => {
    expect(parseApiError(new HttpError(502, 'Bad Gateway'))).toEqual({ status: 502, message: 'Bad Gateway', fields: {} })
    expect(parseApiError(new HttpError(502, '', 'Bad Gateway'))).toEqual({ status: 502, message: 'Bad Gateway', fields: {} })
  })

  it('handles errors that never reached the server', () => {
    expect(parseApiError(new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to fetch', fields: {} })
    expect(serverMessage(new TypeError('Failed to fetch'), 'Failed to update profile')).toBe('Failed to update profile')
    expect(serverMessage(new HttpError(400, body), 'x')).toBe('Please check the highlighted fields.')
    // A message that merely looks like an answer is not one.
    expect(serverMessage(new Error(`400: ${body}`), 'x')).toBe('x')
  })
})
