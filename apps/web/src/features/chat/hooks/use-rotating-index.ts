import { useEffect, useState } from 'react';

/** An index that moves to the next of `count` items every `intervalMs`, wrapping around. */
export function useRotatingIndex(count: number, intervalMs: number, isActive = true): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!isActive || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, isActive]);
  return index % Math.max(count, 1);
}
