import { describe, expect, it } from 'vitest'
import { reasonError, reportTitle, REPORT_REASON_MAX } from './moderation'

describe('reasonError', () => {
  it('asks for a reason when there is none', () => {
    expect(reasonError('')).toBe('Tell the moderators what is wrong.')
    expect(reasonError('   \n ')).toBe('Tell the moderators what is wrong.')
  })
  it('accepts a reason up to the cap, counting code points', () => {
    expect(reasonError('Spam')).toBeUndefined()
    expect(reasonError('😀'.repeat(REPORT_REASON_MAX))).toBeUndefined()
  })
  it('refuses a reason over the cap', () => {
    expect(reasonError('x'.repeat(REPORT_REASON_MAX + 1))).toBe('Keep the reason under 1000 characters.')
  })
})

describe('reportTitle', () => {
  it('names what is reported', () => {
    expect(reportTitle('activity')).toBe('Report Post')
    expect(reportTitle('comment')).toBe('Report Comment')
    expect(reportTitle('user')).toBe('Report Member')
  })
})
