/**
 * Where a build's time goes, stage by stage, for `site build --timings` and the benchmark. Stages
 * that run a page at a time add up over the pages; time spent waiting counts where it is waited.
 */
export interface Timings {
  /** Adds the time `work` takes to `stage`. */
  time<T>(stage: string, work: Promise<T>): Promise<T>;
  measure<T>(stage: string, work: () => T): T;
  /** Milliseconds per stage, in the order they first ran. */
  stages(): [string, number][];
}

export function createTimings(): Timings {
  const totals = new Map<string, number>();
  const add = (stage: string, since: number) => totals.set(stage, (totals.get(stage) ?? 0) + performance.now() - since);
  return {
    async time(stage, work) {
      const started = performance.now();
      try {
        return await work;
      } finally {
        add(stage, started);
      }
    },
    measure(stage, work) {
      const started = performance.now();
      try {
        return work();
      } finally {
        add(stage, started);
      }
    },
    stages: () => [...totals],
  };
}
