import { describe, expect, it } from 'vitest'
import { importPercent, importStatusLabel, isAcceptedFile, isImportActive, unmatchedLabel, type ImportStatus } from './portability'

describe('importPercent', () => {
  it.each([
    { status: 'queued', processed: 0, total: 0, want: 0 },
    { status: 'running', processed: 0, total: 3, want: 0 },
    { status: 'running', processed: 1, total: 3, want: 33 },
    { status: 'running', processed: 2, total: 3, want: 67 },
    { status: 'running', processed: 5, total: 3, want: 100 },
    { status: 'running', processed: -1, total: 3, want: 0 },
    { status: 'done', processed: 0, total: 0, want: 100 },
    { status: 'failed', processed: 1, total: 4, want: 25 },
  ] as const)('$status $processed/$total → $want', ({ status, processed, total, want }) => {
    expect(importPercent({ status, processed, total })).toBe(want)
  })
})

describe('importStatusLabel', () => {
  it.each([
    { status: 'queued', processed: 0, total: 0, want: 'Waiting to start…' },
    { status: 'running', processed: 0, total: 0, want: 'Reading the file…' },
    { status: 'running', processed: 2, total: 3, want: 'Importing 2 of 3…' },
    { status: 'done', processed: 3, total: 3, want: 'Import finished: 3 items read.' },
    { status: 'done', processed: 1, total: 1, want: 'Import finished: 1 item read.' },
    { status: 'failed', processed: 0, total: 3, want: 'Import failed.' },
  ] as const)('$status $processed/$total', ({ status, processed, total, want }) => {
    expect(importStatusLabel({ status, processed, total })).toBe(want)
  })
})

describe('isImportActive', () => {
  it.each([
    ['queued', true],
    ['running', true],
    ['done', false],
    ['failed', false],
    [undefined, false],
  ] as [ImportStatus | undefined, boolean][])('%s → %s', (status, want) => {
    expect(isImportActive(status)).toBe(want)
  })
})

describe('isAcceptedFile', () => {
  it.each([
    { name: 'letterboxd-export.zip', type: 'application/zip', want: true },
    { name: 'diary.CSV', type: '', want: true },
    { name: 'watched.json', type: 'application/json', want: true },
    { name: ' ratings.csv ', type: 'text/csv', want: true },
    { name: 'photo.png', type: 'image/png', want: false },
    { name: 'notes.txt', type: 'text/csv', want: false },
    { name: 'export', type: 'application/zip', want: true },
    { name: 'export', type: 'text/csv', want: true },
    { name: 'export', type: 'image/jpeg', want: false },
    { name: 'export', type: '', want: false },
    { name: '.zip', type: '', want: false },
  ])('$name ($type) → $want', ({ name, type, want }) => {
    expect(isAcceptedFile({ name, type })).toBe(want)
  })
})

describe('unmatchedLabel', () => {
  it.each([
    { title: 'A Film Nobody Made', year: 2019, want: 'A Film Nobody Made (2019)' },
    { title: 'Untitled', year: 0, want: 'Untitled' },
  ])('$title $year', ({ title, year, want }) => {
    expect(unmatchedLabel({ title, year })).toBe(want)
  })
})
