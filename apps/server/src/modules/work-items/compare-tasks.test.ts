import { compareTasks, type Task, taskPriorityRank } from '@lumen/contract';
import { describe, expect, it } from 'vitest';

type Sortable = Pick<Task, 'priority' | 'dueDate' | 'createdAt'> & { name: string };

function task(name: string, overrides: Partial<Sortable> = {}): Sortable {
  return { name, priority: null, dueDate: null, createdAt: '2026-01-01T10:00:00.000Z', ...overrides };
}

const names = (list: Sortable[]) => [...list].sort(compareTasks).map((item) => item.name);

describe('compareTasks', () => {
  it('ranks urgent > high > medium > low, a missing priority as medium', () => {
    expect(['low', 'urgent', null, 'high', 'medium'].map((p) => taskPriorityRank(p as Task['priority']))).toEqual([
      3, 0, 2, 1, 2,
    ]);
    expect(
      names([
        task('low', { priority: 'low' }),
        task('none', { priority: null }),
        task('urgent', { priority: 'urgent' }),
        task('high', { priority: 'high' }),
      ]),
    ).toEqual(['urgent', 'high', 'none', 'low']);
  });

  it('puts the earlier due date first within a priority, undated tasks last', () => {
    expect(
      names([
        task('undated'),
        task('december', { dueDate: '2026-12-01' }),
        task('march', { dueDate: '2026-03-01' }),
        task('undated urgent', { priority: 'urgent' }),
      ]),
    ).toEqual(['undated urgent', 'march', 'december', 'undated']);
  });

  it('puts the newest first when priority and due date are equal', () => {
    expect(
      names([
        task('old', { dueDate: '2026-05-01', createdAt: '2026-01-01T10:00:00.000Z' }),
        task('new', { dueDate: '2026-05-01', createdAt: '2026-02-01T10:00:00.000Z' }),
        task('medium new', { priority: 'medium', dueDate: '2026-05-01', createdAt: '2026-01-15T10:00:00.000Z' }),
      ]),
    ).toEqual(['new', 'medium new', 'old']);
  });

  it('keeps the server order (due date, then newest) when priorities are equal', () => {
    const serverOrder = [
      task('a', { dueDate: '2026-01-01', createdAt: '2026-01-01T00:00:00.000Z' }),
      task('b', { dueDate: '2026-02-01', createdAt: '2026-03-01T00:00:00.000Z' }),
      task('c', { dueDate: '2026-02-01', createdAt: '2026-01-01T00:00:00.000Z' }),
      task('d', { createdAt: '2026-04-01T00:00:00.000Z' }),
      task('e', { createdAt: '2026-01-01T00:00:00.000Z' }),
    ];
    expect(names(serverOrder)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(compareTasks(serverOrder[0] as Sortable, serverOrder[0] as Sortable)).toBe(0);
  });
});
