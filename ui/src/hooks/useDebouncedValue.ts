import { useEffect, useState } from 'react'

/**
 * useDebouncedValue returns value once it has stopped changing for delay ms (SPEC §5:
 * searches wait 300 ms), so a query runs for what was typed, not for every keystroke.
 */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}
