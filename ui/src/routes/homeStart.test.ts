import { describe, expect, it } from 'vitest'
import { LARGE_SCREEN } from '../hooks/useMediaQuery'
import { HOME_ANSWERS } from '../startup/homeAnswers'
import { homeUrls } from './homeQueries'

describe('HOME_ANSWERS', () => {
  it('are the addresses the home prefetches on a phone, so each early answer is the one a query takes', () => {
    expect([...HOME_ANSWERS.all]).toEqual(homeUrls(false))
  })

  it('add the side columns on a large screen, from where the large layout starts', () => {
    expect([...HOME_ANSWERS.all, ...HOME_ANSWERS.large]).toEqual(homeUrls(true))
    expect(HOME_ANSWERS.largeMedia).toBe(LARGE_SCREEN)
  })
})
