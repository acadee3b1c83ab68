type Task = { id: number; at: number; callback: () => void; everyMs: number | null };

/**
 * A clock that moves only when told (`advance`), for code that takes its timers as an argument: `setTimeout` and
 * `setInterval` return the function that cancels them. Due tasks run in time order, an interval again each period.
 */
export function createManualClock() {
  let now = 0;
  let nextId = 0;
  const tasks = new Map<number, Task>();
  const schedule = (callback: () => void, ms: number, everyMs: number | null) => {
    nextId += 1;
    const id = nextId;
    tasks.set(id, { id, at: now + ms, callback, everyMs });
    return () => {
      tasks.delete(id);
    };
  };
  const nextDue = (until: number) =>
    [...tasks.values()].filter((task) => task.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];

  return {
    setTimeout: (callback: () => void, ms: number) => schedule(callback, ms, null),
    setInterval: (callback: () => void, ms: number) => schedule(callback, ms, ms),
    advance(ms: number) {
      const until = now + ms;
      for (let task = nextDue(until); task; task = nextDue(until)) {
        now = task.at;
        if (task.everyMs === null) tasks.delete(task.id);
        else task.at += task.everyMs;
        task.callback();
      }
      now = until;
    },
  };
}
