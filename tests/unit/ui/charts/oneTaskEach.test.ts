import { describe, expect, it } from 'vitest';
import { firstNowRestLater, oneTaskEach } from '../../../../src/ui/charts/oneTaskEach.ts';

/** A task queue the test drains by hand: each entry is one task. */
function fakeTasks() {
  const tasks: (() => void)[] = [];
  return {
    schedule: (run: () => void) => void tasks.push(run),
    runOne: () => tasks.shift()?.(),
    get pending() {
      return tasks.length;
    },
  };
}

describe('charts are created one per task', () => {
  it('runs nothing at once, then one job per task, in the order they came', () => {
    const tasks = fakeTasks();
    const run = oneTaskEach(tasks.schedule);
    const done: string[] = [];
    run(() => done.push('speed'));
    run(() => done.push('density'));
    run(() => done.push('bz'));
    expect(done).toEqual([]);
    tasks.runOne();
    expect(done).toEqual(['speed']);
    tasks.runOne();
    expect(done).toEqual(['speed', 'density']);
    tasks.runOne();
    expect(done).toEqual(['speed', 'density', 'bz']);
    expect(tasks.pending).toBe(0);
  });

  it('keeps going after a job that throws, and takes jobs added while it runs', () => {
    const tasks = fakeTasks();
    const run = oneTaskEach(tasks.schedule);
    const done: string[] = [];
    run(() => {
      run(() => done.push('added later'));
      throw new Error('bad chart');
    });
    run(() => done.push('second'));
    expect(() => tasks.runOne()).toThrow('bad chart');
    tasks.runOne();
    tasks.runOne();
    expect(done).toEqual(['second', 'added later']);
  });
});

describe('new data on several charts in one task', () => {
  it('draws the first chart at once and the others one per task after it', () => {
    const tasks = fakeTasks();
    const later = oneTaskEach(tasks.schedule);
    const ends: (() => void)[] = [];
    const draw = firstNowRestLater(later, (run) => void ends.push(run));
    const done: string[] = [];
    draw(() => done.push('speed'));
    draw(() => done.push('density'));
    draw(() => done.push('bz'));
    expect(done).toEqual(['speed']);
    tasks.runOne();
    expect(done).toEqual(['speed', 'density']);
    tasks.runOne();
    expect(done).toEqual(['speed', 'density', 'bz']);
    // The next task's first chart is drawn at once again.
    for (const end of ends.splice(0)) end();
    draw(() => done.push('kp'));
    expect(done).toEqual(['speed', 'density', 'bz', 'kp']);
  });
});
