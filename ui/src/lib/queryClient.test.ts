import { describe, expect, it } from 'vitest'
import { HttpError } from './api'
import { queryClient, retryQueryUnless, shouldRetryMutation, shouldRetryQuery } from './queryClient'

describe('shouldRetryQuery (SPEC §8)', () => {
  it.each([
    [0, new HttpError(401, '{"message":"The request requires valid record authorization token."}'), false],
    [0, new Error('Unauthorized'), false],
    [0, new HttpError(500, 'boom'), true],
    [1, new HttpError(500, 'boom'), true],
    [2, new HttpError(500, 'boom'), false],
    [0, new TypeError('Failed to fetch'), true],
    [0, new HttpError(404, '{}'), true],
    // The status decides, not digits in a message.
    [0, new Error('401: {}'), true],
  ])('failures before=%i, %s → %s', (failures, error, expected) => {
    expect(shouldRetryQuery(failures, error)).toBe(expected)
  })
})

describe('shouldRetryMutation (SPEC §8)', () => {
  it.each([
    [0, new HttpError(400, '{"message":"Please check the highlighted fields."}'), false],
    [0, new HttpError(401, '{}'), false],
    [0, new Error('Unauthorized'), false],
    [0, new HttpError(500, 'boom'), true],
    [1, new HttpError(500, 'boom'), false],
    [0, new HttpError(503, '', 'Service Unavailable'), true],
    [0, new HttpError(403, '{}'), true],
    [0, new Error('400: {}'), true],
  ])('failures before=%i, %s → %s', (failures, error, expected) => {
    expect(shouldRetryMutation(failures, error)).toBe(expected)
  })
})

describe('retryQueryUnless', () => {
  const retry = retryQueryUnless(400, 404)
  it.each([
    [0, new HttpError(404, '{}'), false],
    [0, new HttpError(400, '{}'), false],
    [0, new HttpError(401, '{}'), false],
    [0, new Error('Unauthorized'), false],
    [0, new HttpError(403, '{}'), true],
    [1, new HttpError(500, 'boom'), true],
    [2, new HttpError(500, 'boom'), false],
    [0, new TypeError('Failed to fetch'), true],
  ])('failures before=%i, %s → %s', (failures, error, expected) => {
    expect(retry(failures, error)).toBe(expected)
  })
})

describe('queryClient defaults (SPEC §9)', () => {
  it('uses the product constants', () => {
    const q = queryClient.getDefaultOptions().queries
    expect(q?.staleTime).toBe(15 * 60 * 1000)
    expect(q?.gcTime).toBe(30 * 60 * 1000)
    expect(q?.refetchOnReconnect).toBe(true)
    expect(q?.refetchOnWindowFocus).toBe(false)
    expect(q?.refetchInterval).toBe(false)
    expect(q?.networkMode).toBe('offlineFirst')
    expect(queryClient.getDefaultOptions().mutations?.networkMode).toBe('online')
    expect(typeof q?.queryFn).toBe('function')
  })
})
