import { describe, expect, it } from 'vitest';
import { oneTaskEach } from '../../../../src/ui/charts/oneTaskEach.ts';
import { plotInTwoTasks } from '../../../../src/ui/charts/plotInTwoTasks.ts';

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

/**
 * A plot with uPlot's constructor contract when its third argument is a function: the
 * constructor hands over itself and its `init`, and draws only once `init` has run.
 */
function plotMaker(log: string[], title: string) {
  return (then: (plot: { destroy(): void }, init: () => void) => void) => {
    log.push(`${title}: built`);
    const plot = { destroy: () => log.push(`${title}: destroyed`) };
    then(plot, () => log.push(`${title}: initialised and drawn`));
    return plot;
  };
}

describe('a chart is built in one task and drawn in a later one', () => {
  it('builds nothing at once, builds in the first task and initialises in the second, then says it is ready', () => {
    const tasks = fakeTasks();
    const log: string[] = [];
    plotInTwoTasks(plotMaker(log, 'bz'), oneTaskEach(tasks.schedule), () => log.push('bz: ready'));
    expect(log).toEqual([]);
    tasks.runOne();
    expect(log).toEqual(['bz: built']);
    tasks.runOne();
    expect(log).toEqual(['bz: built', 'bz: initialised and drawn', 'bz: ready']);
    expect(tasks.pending).toBe(0);
  });

  it('two charts on one screen take four tasks: each build and each draw a task of its own', () => {
    const tasks = fakeTasks();
    const inOwnTask = oneTaskEach(tasks.schedule);
    const log: string[] = [];
    plotInTwoTasks(plotMaker(log, 'field'), inOwnTask, () => undefined);
    plotInTwoTasks(plotMaker(log, 'plasma'), inOwnTask, () => undefined);
    const perTask: string[][] = [];
    while (tasks.pending > 0) {
      const before = log.length;
      tasks.runOne();
      perTask.push(log.slice(before));
    }
    expect(perTask).toEqual([
      ['field: built'],
      ['plasma: built'],
      ['field: initialised and drawn'],
      ['plasma: initialised and drawn'],
    ]);
  });

  it('a chart removed between its two tasks is destroyed and never drawn', () => {
    const tasks = fakeTasks();
    const log: string[] = [];
    const dispose = plotInTwoTasks(plotMaker(log, 'kp'), oneTaskEach(tasks.schedule), () =>
      log.push('kp: ready'),
    );
    tasks.runOne();
    dispose();
    tasks.runOne();
    expect(log).toEqual(['kp: built', 'kp: destroyed']);
  });

  it('a chart removed before its first task is never built', () => {
    const tasks = fakeTasks();
    const log: string[] = [];
    const dispose = plotInTwoTasks(plotMaker(log, 'kp'), oneTaskEach(tasks.schedule), () =>
      log.push('kp: ready'),
    );
    dispose();
    while (tasks.pending > 0) tasks.runOne();
    expect(log).toEqual([]);
  });

  it('a drawn chart is destroyed when it is removed', () => {
    const tasks = fakeTasks();
    const log: string[] = [];
    const dispose = plotInTwoTasks(
      plotMaker(log, 'kp'),
      oneTaskEach(tasks.schedule),
      () => undefined,
    );
    while (tasks.pending > 0) tasks.runOne();
    dispose();
    expect(log).toEqual(['kp: built', 'kp: initialised and drawn', 'kp: destroyed']);
  });
});
